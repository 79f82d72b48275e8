# conform: error=ValueError line=9
# expect: requires 8 logical devices, but only 4
# expect: reshape it to (4, 2, ...)
import jax
import jax.numpy as jnp

x = jnp.arange(16.0).reshape(8, 2)
f = jax.pmap(lambda v: v * 2)
print(f(x))
