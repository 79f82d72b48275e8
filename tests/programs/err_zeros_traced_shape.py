# conform: error=TypeError line=8
# Array shapes must be concrete: jnp.zeros(n) with traced n.
import jax
import jax.numpy as jnp

@jax.jit
def make(n):
    return jnp.zeros(n)

print(make(3))
