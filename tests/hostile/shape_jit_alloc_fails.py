# The same 4 TiB buffer allocated by compiled code: the error comes back through it
# (the cpu backend aborted: the exception crossed the generated frames). --max-memory lifts the
# host budget so that the allocation itself is what fails.
# hostile: error=MemoryError line=13
# hostile: expect=out of host memory allocating 4398046511104 bytes
# hostile: args=--max-memory 512TiB
import jax
import jax.numpy as jnp

def f(x):
    return jnp.zeros((1 << 20, 1 << 20), dtype=jnp.int32) + x

print(jax.jit(f)(1).shape)
