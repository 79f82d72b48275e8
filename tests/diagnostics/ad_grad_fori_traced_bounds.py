# conform: error=ValueError line=9
# expect: Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x, n):
    return lax.fori_loop(0, n, lambda i, c: c * x, 1.0)

print(f(2.0, 3))
print(jax.jit(jax.grad(f))(2.0, 3))
