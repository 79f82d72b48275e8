# conform: error=TypeError line=10|8
# fori_loop carry changes shape (scalar in, vector out).
import jax
import jax.numpy as jnp
from jax import lax

def body(i, acc):
    return acc + jnp.ones((3,))

print(jax.jit(lambda: lax.fori_loop(0, 3, body, 0.0))())
