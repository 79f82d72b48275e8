# Seed variant: scan accumulation under pmap with stacked per-step outputs, for several sizes.
import jax
import jax.numpy as jnp
from jax import pmap

def expensive_func(inp):
    return jnp.sum(inp ** 2)

def singledevice_func(local_inputs):
    def step(accum, inp):
        val = expensive_func(inp)
        return accum + val, val
    return jax.lax.scan(step, 0.0, local_inputs)

pmapped = pmap(singledevice_func, in_axes=0)
D = jax.device_count()
for N, m in ((8, 10), (12, 2)):
    inputs = jnp.arange(N * m, dtype=jnp.float32).reshape(N, m) / 4
    acc, per_step = pmapped(inputs.reshape(D, -1, m))
    print(N, m, acc, jnp.sum(acc))
    print(per_step)
