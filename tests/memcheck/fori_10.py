# A fori_loop whose body allocates 4 MiB per iteration: the peak must not
# depend on the trip count (compare fori_10000.py).
import jax
import jax.numpy as jnp
from jax import lax

def run(n):
    def body(i, acc):
        return jnp.maximum(acc, jnp.tanh(acc * 0.5 + i))
    return lax.fori_loop(0, n, body, jnp.zeros((1024, 1024)))

print(jax.jit(run, static_argnums=0)(10).sum())
