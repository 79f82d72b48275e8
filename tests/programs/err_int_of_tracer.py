# conform: error=ConcretizationTypeError line=8
# int() of a traced value.
import jax
import jax.numpy as jnp

@jax.jit
def first_n_sum(x, n):
    k = int(n)
    return jnp.sum(x[:k])

print(first_n_sum(jnp.arange(5.0), 3))
