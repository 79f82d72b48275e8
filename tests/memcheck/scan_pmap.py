# scan inside pmap with a collective per step and stacked outputs.
import jax
import jax.numpy as jnp
from jax import lax

def dev(x):
    def step(c, row):
        s = lax.psum(jnp.sum(row * row), 'd')
        return c + s, row * 2.0
    return lax.scan(step, 0.0, x)

xs = jnp.ones((jax.device_count(), 64, 4096))
c, ys = jax.pmap(dev, axis_name='d')(xs)
print(c, ys.shape, ys.sum())
