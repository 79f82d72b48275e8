# A 1024x1024 float32 matmul.
import time
import jax
import jax.numpy as jnp

n = 1024
reps = 7
a = jnp.arange(n * n, dtype=jnp.float32).reshape(n, n) * 1e-6
b = jnp.ones((n, n), dtype=jnp.float32) * 0.5
mm = jax.jit(lambda a, b: a @ b)
mm(a, b).block_until_ready()
times = []
for r in range(reps):
    t0 = time.perf_counter()
    out = mm(a, b).block_until_ready()
    times.append(time.perf_counter() - t0)
times = sorted(times)
print("RESULT matmul_1024", times[reps // 2] * 1000.0)
print("WORK matmul_1024 flops", 2 * n * n * n)
print("CHECK", out[3, 5])
