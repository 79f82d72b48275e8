# conform: error=ConcretizationTypeError line=9
# scan length must be a concrete int; a traced length fails.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def powers(n):
    return lax.scan(lambda c, _: (c * 2, c), 1, None, length=n)[1]

print(powers(4))
