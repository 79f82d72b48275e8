# conform: devices=2
# Seed scan program on 2 devices (four rows per device), plus timing code whose output is not printed.
import time
import jax
import jax.numpy as jnp
from jax import pmap

N = 8
m = 10
inputs = jnp.array(jnp.arange(N * m).reshape(N, m), dtype=jnp.float32)

def expensive_func(inp):
    return jnp.sum(inp ** 2)

def singledevice_func(local_inputs):
    def step(accum, inp):
        val = expensive_func(inp)
        return accum + val, None
    accum_final, _ = jax.lax.scan(step, 0.0, local_inputs)
    return accum_final

pmapped = pmap(singledevice_func, in_axes=0)
inputs_sharded = inputs.reshape(jax.device_count(), -1, m)
t0 = time.perf_counter()
accum_dev = pmapped(inputs_sharded)
accum_dev.block_until_ready()
elapsed = time.perf_counter() - t0
print(accum_dev, jnp.sum(accum_dev))
print(elapsed >= 0.0)
jax.block_until_ready((accum_dev, inputs))
print(jax.block_until_ready(accum_dev * 0 + 1))
