# Two results of 2**62 bytes each (the largest budget parax accepts is 1 EiB): the planner's byte
# total passes int64 (it wrapped negative, the preflight passed, the allocation crashed).
# hostile: error=MemoryError line=12
# hostile: args=--device-memory 1152921504606846976
# hostile: expect=cannot allocate 8.00 EiB
import jax
import jax.numpy as jnp

def f(x):
    return jnp.zeros(2 ** 60, dtype=jnp.int32) + x, jnp.ones(2 ** 60, dtype=jnp.int32) + x

a, b = jax.jit(f)(1)
print(a.shape)
