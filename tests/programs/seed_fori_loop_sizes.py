# Seed variant: per-device serial accumulation with fori_loop under pmap, for several row counts and widths.
import jax
import jax.numpy as jnp
from jax import pmap

def expensive_func(inp):
    return jnp.sum(inp ** 2)

def singledevice_func(local_inputs):
    def body(i, accum):
        return accum + expensive_func(local_inputs[i])
    return jax.lax.fori_loop(0, local_inputs.shape[0], body, 0.0)

pmapped = pmap(singledevice_func, in_axes=0)
D = jax.device_count()
for N, m in ((8, 10), (16, 3), (4, 7)):
    inputs = jnp.array(jnp.arange(N * m).reshape(N, m), dtype=jnp.float32)
    accum_dev = pmapped(inputs.reshape(D, -1, m))
    print(N, m, accum_dev, jnp.sum(accum_dev))
