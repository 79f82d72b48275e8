# conform: error=TypeError line=9|7
# fori_loop carry changes dtype (strong int32 in, float32 out).
import jax.numpy as jnp
from jax import lax

def body(i, acc):
    return acc + 0.5

print(lax.fori_loop(0, 3, body, jnp.int32(0)))
