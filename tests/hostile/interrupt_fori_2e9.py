# A 2e9-iteration compiled lax.fori_loop (minutes of work): --timeout bounds it.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=10
# hostile: timeout=30
import jax
from jax import lax


def run(x):
    return lax.fori_loop(0, 2000000000, lambda i, c: c * 1.0000001 + 0.5, x)


print(jax.jit(run)(0.0))
