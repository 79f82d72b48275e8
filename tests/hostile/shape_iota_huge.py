# lax.iota and broadcasted_iota with sizes past the limit, under jit.
# hostile: error=ValueError line=9
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(k):
    return lax.broadcasted_iota(jnp.int32, (2 ** 31, 2 ** 31, 2), 0)[0, 0, 0] + k

print(lax.iota(jnp.int32, 5))
print(f(1))
