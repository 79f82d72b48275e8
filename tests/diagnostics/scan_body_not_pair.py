# conform: error=TypeError line=10
# expect: scan body output must be a pair
import jax
import jax.numpy as jnp
from jax import lax

def step(c, x):
    return c + x

print(lax.scan(step, 0.0, jnp.arange(3.0)))
