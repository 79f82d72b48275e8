# Full sum and max reductions of 16M float32 values.
import time
import jax
import jax.numpy as jnp

n = 16 * 1024 * 1024
reps = 7
x = jnp.arange(n, dtype=jnp.float32) * 1e-7

fsum = jax.jit(lambda v: jnp.sum(v))
fmax = jax.jit(lambda v: jnp.max(v))
for name, f in (("reduce_sum_16M", fsum), ("reduce_max_16M", fmax)):
    f(x).block_until_ready()
    times = []
    for r in range(reps):
        t0 = time.perf_counter()
        out = f(x).block_until_ready()
        times.append(time.perf_counter() - t0)
    times = sorted(times)
    print("RESULT", name, times[reps // 2] * 1000.0)
    print("WORK", name, "bytes", n * 4)  # one read of the operand
    print("CHECK", out)
