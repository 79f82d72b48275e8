# conform: error=TypeError line=11|9
# while_loop body changes the carry dtype (int32 in, float32 out).
import jax
import jax.numpy as jnp
from jax import lax

def body(state):
    k, x = state
    return k + 1, x * 1.5

print(lax.while_loop(lambda s: s[0] < 3, body, (0, jnp.arange(3))))
