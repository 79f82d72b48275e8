# conform: error=ValueError line=9
# expect: 5 elements do not split evenly over 4 devices: pad the axis to 8
# expect: reshape it to (4, 2, ...)
# (a reshape of 5 elements to (4, -1) is impossible; the hint must not suggest it)
import jax
import jax.numpy as jnp

x = jnp.arange(5.0)
print(jax.pmap(lambda v: v * 2)(x))
