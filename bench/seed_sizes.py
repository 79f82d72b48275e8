# The seed program (pmap + fori_loop accumulation of sum(x ** 2) per row) at
# several sizes, on however many devices the run has: rows per device x
# row length. (bench/seed_pmap_fori.py is the large 4-device row.)
import time
import jax
import jax.numpy as jnp
from jax import pmap

n = jax.device_count()
reps = 7


def singledevice_func(local_inputs):
    def body(i, accum):
        return accum + jnp.sum(local_inputs[i] ** 2)
    return jax.lax.fori_loop(0, local_inputs.shape[0], body, 0.0)


pmapped = pmap(singledevice_func, in_axes=0)
total = 0.0
for rows, m in ((2, 10), (256, 1024), (64, 65536)):
    x = (jnp.arange(n * rows * m, dtype=jnp.float32) * 1e-6).reshape(n, rows, m)
    pmapped(x).block_until_ready()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = pmapped(x).block_until_ready()
        times.append(time.perf_counter() - t0)
    print(f"RESULT seed_{n}x{rows}x{m}", sorted(times)[reps // 2] * 1000.0)
    total += float(jnp.sum(out))
print("CHECK", total)
