# conform: error=TypeError line=10|8
# scan carry changes pytree structure (pair in, triple out).
import jax.numpy as jnp
from jax import lax

def step(carry, x):
    a, b = carry
    return (a + x, b, x), None

print(lax.scan(step, (0.0, 1.0), jnp.arange(3.0)))
