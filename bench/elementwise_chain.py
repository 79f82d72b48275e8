# An elementwise chain of 8 ops on 16M float32 values (jitted, fused).
import time
import jax
import jax.numpy as jnp

n = 16 * 1024 * 1024
reps = 7
x = jnp.arange(n, dtype=jnp.float32) * 1e-7
y = jnp.ones((n,), dtype=jnp.float32) * 0.5

@jax.jit
def chain(x, y):
    a = x * 1.5 + y
    b = a - 0.25
    c = b * b
    d = jnp.maximum(c, y)
    e = d / 3.0
    f = jnp.sqrt(e)
    return f + x

chain(x, y).block_until_ready()
times = []
for r in range(reps):
    t0 = time.perf_counter()
    out = chain(x, y).block_until_ready()
    times.append(time.perf_counter() - t0)
times = sorted(times)
print("RESULT elementwise_chain8_16M", times[reps // 2] * 1000.0)
print("WORK elementwise_chain8_16M bytes", 3 * n * 4)  # read x and y, write the result
print("CHECK", out[12345])
