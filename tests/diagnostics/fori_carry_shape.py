# conform: error=TypeError line=10|12
# expect: carry input and carry output must have equal types
# expect: float32[2]
# expect: carry in:
import jax
import jax.numpy as jnp
from jax import lax

def body(i, acc):
    return acc + jnp.ones((2,))

print(lax.fori_loop(0, 3, body, 0.0))
