# Two results of 2**62 bytes each, under a budget that holds either one: the planner's byte
# total passes int64 (it wrapped negative, the preflight passed, the allocation crashed).
# hostile: error=RESOURCE_EXHAUSTED line=12
# hostile: args=--device-memory 8000000000000000000
# hostile: expect=budget per device
import jax
import jax.numpy as jnp

def f(x):
    return jnp.zeros(2 ** 60, dtype=jnp.int32) + x, jnp.ones(2 ** 60, dtype=jnp.int32) + x

a, b = jax.jit(f)(1)
print(a.shape)
