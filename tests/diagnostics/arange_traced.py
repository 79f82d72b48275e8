# conform: error=ConcretizationTypeError line=8
# expect: jnp.arange argument 'stop'
import jax
import jax.numpy as jnp

@jax.jit
def f(n):
    return jnp.arange(n)

print(f(3))
