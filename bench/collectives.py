# psum and all_gather of 4M float32 values per device on 4 devices.
import time
import jax
import jax.numpy as jnp
from jax import lax

n = 4 * 1024 * 1024
reps = 7
x = jnp.ones((4, n), dtype=jnp.float32)
ps = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
ag = jax.pmap(lambda v: lax.all_gather(v, 'i')[3], axis_name='i')
for name, f in (("psum_4x4M", ps), ("all_gather_4x4M", ag)):
    f(x).block_until_ready()
    times = []
    for r in range(reps):
        t0 = time.perf_counter()
        out = f(x).block_until_ready()
        times.append(time.perf_counter() - t0)
    times = sorted(times)
    print("RESULT", name, times[reps // 2] * 1000.0)
    print("WORK", name, "bytes", 8 * n * 4)  # read the 4 operands, write the 4 results
    print("CHECK", out[1, 7])
