# GPU benchmarks through parax (scripts/gpu-check runs this with
# --backend cuda): elementwise and reduction bandwidth, per-call overhead and
# psum. One line per measurement: "bench NAME VALUE UNIT".
import time
import jax
import jax.numpy as jnp
from jax import jit, pmap

n = 1 << 26  # 64 Mi float32 = 256 MiB
x = jnp.ones((n,), jnp.float32) * 0.5


def best(f, *args, reps=5):
    f(*args)  # compile, first touch
    t = 1e30
    for _ in range(reps):
        t0 = time.perf_counter()
        jax.block_until_ready(f(*args))
        t = min(t, time.perf_counter() - t0)
    return t


copy = jit(lambda v: v + 1.0)
t = best(copy, x)
print("bench elementwise_1op", 2 * 4 * n / t / 1e9, "GB/s")
chain = jit(lambda v: jnp.tanh(v * 2.0 + 1.0) * v - 0.25)
t = best(chain, x)
print("bench elementwise_chain", 2 * 4 * n / t / 1e9, "GB/s")
total = jit(lambda v: v.sum())
t = best(total, x)
print("bench reduction_sum", 4 * n / t / 1e9, "GB/s")
rows = jit(lambda v: v.reshape(8192, 8192).sum(axis=1))
t = best(rows, x)
print("bench reduction_rows", 4 * n / t / 1e9, "GB/s")

small = jnp.ones((16,), jnp.float32)
inc = jit(lambda v: v + 1.0)
inc(small)
calls = 2000
t0 = time.perf_counter()
for _ in range(calls):
    small = inc(small)
jax.block_until_ready(small)
print("bench call_overhead", (time.perf_counter() - t0) / calls * 1e6, "us")

d = jax.local_device_count()
ps = pmap(lambda v: jax.lax.psum(v, "i"), axis_name="i")
y = jnp.ones((d, 1 << 20), jnp.float32)
t = best(ps, y)
print("bench psum_devices", d, "time_per_call", t * 1e6, "us")
