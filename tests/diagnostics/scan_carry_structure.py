# conform: error=TypeError line=9|11
# expect: same pytree structure
# expect: a tuple of length 2
import jax
import jax.numpy as jnp
from jax import lax

def step(c, x):
    return (c[0] + x, c[1], 1.0), x

print(lax.scan(step, (0.0, 1.0), jnp.arange(3.0)))
