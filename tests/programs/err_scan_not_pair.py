# conform: error=TypeError line=9|7
# scan body must return a (carry, y) pair.
import jax.numpy as jnp
from jax import lax

def step(c, x):
    return c + x

print(lax.scan(step, 0, jnp.arange(4)))
