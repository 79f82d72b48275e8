# An RNN as lax.scan: hidden 256, 1000 steps, a matmul per step.
import time
import jax
import jax.numpy as jnp
from jax import lax

hidden = 256
steps = 1000
batch = 8
reps = 5
w = jnp.ones((hidden, hidden), dtype=jnp.float32) * (1.0 / hidden)
u = jnp.ones((hidden, hidden), dtype=jnp.float32) * (0.5 / hidden)
xs = jnp.ones((steps, batch, hidden), dtype=jnp.float32) * 0.01
h0 = jnp.zeros((batch, hidden), dtype=jnp.float32)

@jax.jit
def rnn(h0, xs):
    def step(h, x):
        h = jnp.tanh(h @ w + x @ u)
        return h, h[0, 0]
    return lax.scan(step, h0, xs)

rnn(h0, xs)[0].block_until_ready()
times = []
for r in range(reps):
    t0 = time.perf_counter()
    h, ys = rnn(h0, xs)
    h.block_until_ready()
    times.append(time.perf_counter() - t0)
times = sorted(times)
print("RESULT rnn_scan_h256_1000", times[reps // 2] * 1000.0)
print("WORK rnn_scan_h256_1000 flops", steps * 2 * 2 * batch * hidden * hidden)
print("CHECK", h[0, 0], ys[-1])
