# conform: error=TypeError line=9|7
# while_loop cond_fun must return a boolean scalar, not a float.
import jax.numpy as jnp
from jax import lax

def cond(c):
    return c - 3.0

print(lax.while_loop(cond, lambda c: c + 1.0, 0.0))
