# conform: error=ValueError line=9
# expect: Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values
# expect: lax.scan
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x)

print(jax.jvp(f, (1.5,), (1.0,)))
print(jax.grad(f)(1.5))
