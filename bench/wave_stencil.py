# The 1-D wave equation on a ring of devices: each device holds a block of
# the string, and every step swaps one halo cell with each neighbour
# (ppermute both ways) before a three-point stencil update; lax.fori_loop
# runs the steps inside the pmap. Rows at two sizes (cells per device).
import time
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
reps = 5
steps = 200
c2 = 0.25


def simulate(u, v):
    right = [(i, (i + 1) % n) for i in range(n)]
    left = [(i, (i - 1) % n) for i in range(n)]

    def step(_, uv):
        u, u_prev = uv
        from_left = lax.ppermute(u[-1:], "x", right)   # my left halo
        from_right = lax.ppermute(u[:1], "x", left)    # my right halo
        ext = jnp.concatenate([from_left, u, from_right])
        lap = ext[:-2] - 2.0 * u + ext[2:]
        return 2.0 * u - u_prev + c2 * lap, u

    u, _ = lax.fori_loop(0, steps, step, (u, v))
    return u


f = jax.pmap(simulate, axis_name="x")
out = None
for cells in (1 << 12, 1 << 18):
    x = jnp.arange(n * cells, dtype=jnp.float32).reshape(n, cells) / (n * cells)
    u0 = jnp.exp(-((x - 0.5) ** 2) * 200.0)
    f(u0, u0).block_until_ready()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = f(u0, u0).block_until_ready()
        times.append(time.perf_counter() - t0)
    print(f"RESULT wave_ppermute_{n}x{cells}", sorted(times)[reps // 2] * 1000.0)
print("CHECK", out[0, 5], out[n - 1, -3])
