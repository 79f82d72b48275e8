# conform: parax-only error=UnexpectedTracerError line=15
# expect: escape the scope of the transformation
# expect: return them instead
import jax
import jax.numpy as jnp

saved = []

@jax.jit
def f(x):
    saved.append(x * 2)
    return x

f(jnp.ones(2))
print(saved[0] + 1)
