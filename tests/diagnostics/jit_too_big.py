# conform: parax-only error=RESOURCE_EXHAUSTED line=12 parax-args=--device-memory 16MiB
# expect: jit(f) needs
# expect: over the 16.00 MiB budget
# expect: nothing was allocated
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    return jnp.outer(x, x) * 2.0  # a 64 MiB result

print(f(jnp.ones(4096)))
