# Tight compiled loops with tiny bodies, where anything done per iteration shows (e.g. the
# stop-word poll at each back edge; bench/poll_cost.py compares it on and off). The float
# bodies converge to 2.0 exactly, so fused multiply-adds or not, every system prints the same.
import time
import jax
import jax.numpy as jnp
from jax import lax

n = 20000000
reps = 7

scalar = jax.jit(lambda x: lax.fori_loop(0, n, lambda i, c: c * 0.5 + 1.0, x))
lcg = jax.jit(lambda s: lax.fori_loop(0, n, lambda i, c: c * 1664525 + 1013904223, s))
vec = jax.jit(lambda v: lax.fori_loop(0, n // 4, lambda i, c: c * 0.5 + v, v))
counted = jax.jit(lambda x: lax.while_loop(lambda c: c[1] < n,
                                           lambda c: (c[0] * 0.5 + 1.0, c[1] + 1),
                                           (x, 0))[0])


def bench(name, f, arg):
    f(arg).block_until_ready()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        r = f(arg)
        r.block_until_ready()
        times.append(time.perf_counter() - t0)
    print("RESULT", name, sorted(times)[reps // 2] * 1000.0)
    return r


a = bench("fori_scalar_20M", scalar, jnp.float32(1.0))
b = bench("fori_int_lcg_20M", lcg, jnp.int32(7))
c = bench("fori_vec16_5M", vec, jnp.ones(16, dtype=jnp.float32))
d = bench("while_counted_20M", counted, jnp.float32(1.0))
print("CHECK", a, b, c[0], d)
