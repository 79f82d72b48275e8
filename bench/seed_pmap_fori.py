# The seed program (pmap + fori_loop accumulation) scaled up: 4 devices x
# 2048 cases x 4096 values. Prints the median time of one call.
import time
import jax
import jax.numpy as jnp
from jax import pmap

N = 4 * 2048
m = 4096
reps = 7

inputs = jnp.arange(N * m, dtype=jnp.float32).reshape(N, m) * 1e-6

def expensive_func(inp):
    return jnp.sum(inp ** 2)

def singledevice_func(local_inputs):
    def body(i, accum):
        return accum + expensive_func(local_inputs[i])
    return jax.lax.fori_loop(0, local_inputs.shape[0], body, 0.0)

pmapped = pmap(singledevice_func, in_axes=0)
sharded = inputs.reshape(jax.device_count(), -1, m)
pmapped(sharded).block_until_ready()
times = []
for r in range(reps):
    t0 = time.perf_counter()
    out = pmapped(sharded).block_until_ready()
    times.append(time.perf_counter() - t0)
times = sorted(times)
print("RESULT seed_pmap_fori_4x2048x4096", times[reps // 2] * 1000.0)
print("CHECK", jnp.sum(out))
