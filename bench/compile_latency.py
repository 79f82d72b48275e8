# Compile latency of a jitted function of 50 elementwise/reduction ops:
# the first call (trace + compile + run) minus a steady-state call.
import time
import jax
import jax.numpy as jnp

def f(x, y):
    for i in range(10):
        x = jnp.tanh(x * 1.01 + y)
        y = jnp.maximum(y, x) - 0.5
        x = x + jnp.sum(y) * 1e-3
    return x, y

# Warm the framework up (backend initialisation, first-jit overheads).
warm = jax.jit(lambda v: v * 2.0 + 1.0)
warm(jnp.ones((8,), dtype=jnp.float32)).block_until_ready()

x = jnp.ones((64, 64), dtype=jnp.float32)
y = jnp.ones((64, 64), dtype=jnp.float32) * 0.5
fj = jax.jit(f)
t0 = time.perf_counter()
out = fj(x, y)
out[0].block_until_ready()
first = time.perf_counter() - t0
t0 = time.perf_counter()
out = fj(x, y)
out[0].block_until_ready()
steady = time.perf_counter() - t0
print("RESULT compile_50ops", (first - steady) * 1000.0)
print("CHECK", out[0][0, 0])
