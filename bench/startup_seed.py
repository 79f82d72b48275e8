# Start-up: process start to the first printed result of the seed program
# (pmap + fori_loop accumulation), timed from outside by bench/run.py.
import jax
import jax.numpy as jnp
from jax import pmap

N = 8
m = 10
inputs = jnp.array(jnp.arange(N*m).reshape(N, m), dtype=jnp.float32)

def expensive_func(inp):
    return jnp.sum(inp ** 2)

def singledevice_func(local_inputs):
    def body(i, accum):
        val = expensive_func(local_inputs[i])
        return accum + val
    return jax.lax.fori_loop(0, local_inputs.shape[0], body, 0.0)

pmapped = pmap(singledevice_func, in_axes=0)
inputs_sharded = inputs.reshape(jax.device_count(), -1, m)
print("CHECK", jnp.sum(pmapped(inputs_sharded)))
