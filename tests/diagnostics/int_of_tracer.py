# conform: error=ConcretizationTypeError line=9
# expect: The problem arose with the `int` function
# expect: argument n
import jax
import jax.numpy as jnp

@jax.jit
def f(n):
    return jnp.zeros(int(n))

print(f(3))
