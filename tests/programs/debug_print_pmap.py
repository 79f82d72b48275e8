# conform: sort-lines
# jax.debug.print inside pmap prints once per device with that device's values.
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    i = lax.axis_index('d')
    jax.debug.print("device {i}: x={x} sum={s:.1f}", i=i, x=x, s=jnp.sum(x))
    total = lax.psum(x, 'd')
    jax.debug.print("device {} total {}", i, total)
    return total
n = jax.device_count()
print(jax.pmap(f, axis_name='d')(jnp.arange(n * 2.0).reshape(n, 2)))
