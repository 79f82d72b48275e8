# conform: devices=8
# Seed fori_loop program on 8 devices (one row per device).
import jax
import jax.numpy as jnp
from jax import pmap

N = 8
m = 10
inputs = jnp.array(jnp.arange(N * m).reshape(N, m), dtype=jnp.float32)

def expensive_func(inp):
    return jnp.sum(inp ** 2)

def singledevice_func(local_inputs):
    def body(i, accum):
        val = expensive_func(local_inputs[i])
        return accum + val
    return jax.lax.fori_loop(0, local_inputs.shape[0], body, 0.0)

pmapped = pmap(singledevice_func, in_axes=0)
inputs_sharded = inputs.reshape(jax.device_count(), -1, m)
accum_dev = pmapped(inputs_sharded)
print(inputs_sharded.shape, accum_dev)
print(jnp.sum(accum_dev))
