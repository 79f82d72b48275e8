# The same 4 TiB buffer allocated by compiled code: the error comes back through it
# (the cpu backend aborted: the exception crossed the generated frames).
# hostile: error=RESOURCE_EXHAUSTED line=10
import jax
import jax.numpy as jnp

def f(x):
    return jnp.zeros((1 << 20, 1 << 20), dtype=jnp.int32) + x

print(jax.jit(f)(1).shape)
