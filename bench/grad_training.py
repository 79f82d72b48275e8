# Training steps through autodiff (issue 11's rows): a pmap'd data-parallel MLP step
# (grad + pmean + SGD, one shard of the batch per device), a scan-RNN step
# (reverse mode through 1000 steps) and per-example gradients with vmap.
# Each prints its steady-state median; compile_* rows time the first call.
import time
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax

reps = 7
n = jax.device_count()


def timed(name, f, *args):
    t0 = time.perf_counter()
    jax.block_until_ready(f(*args))
    print("RESULT compile_" + name, (time.perf_counter() - t0) * 1000.0)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = f(*args)
        jax.block_until_ready(out)
        times.append(time.perf_counter() - t0)
    print("RESULT " + name, sorted(times)[reps // 2] * 1000.0)
    return out


def init(sizes):
    return [(jnp.sin(jnp.arange(a * b, dtype=jnp.float32).reshape(a, b)) * 0.1, jnp.zeros(b))
            for a, b in zip(sizes[:-1], sizes[1:])]


def mlp_loss(ps, x, y):
    for w, b in ps[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = ps[-1]
    return jnp.mean((x @ w + b - y) ** 2)


@partial(jax.pmap, axis_name="b", in_axes=(None, 0, 0))
def dp_step(ps, x, y):
    g = lax.pmean(jax.grad(mlp_loss)(ps, x, y), "b")
    return [(w - 0.01 * gw, b - 0.01 * gb) for (w, b), (gw, gb) in zip(ps, g)]


ps = init([64, 256, 256, 10])
X = jnp.cos(jnp.arange(n * 128 * 64, dtype=jnp.float32)).reshape(n, 128, 64)
Y = jnp.sin(jnp.arange(n * 128 * 10, dtype=jnp.float32)).reshape(n, 128, 10)
dp = timed("dp_mlp_step", dp_step, ps, X, Y)

hidden, steps, batch = 64, 1000, 8
xs = jnp.cos(jnp.arange(steps * batch * hidden, dtype=jnp.float32)).reshape(steps, batch, hidden) * 0.1
w0 = jnp.eye(hidden, dtype=jnp.float32) * 0.5
u0 = jnp.ones((hidden, hidden), dtype=jnp.float32) * (0.5 / hidden)


def rnn_loss(w, u, xs):
    def cell(h, x):
        h = jnp.tanh(h @ w + x @ u)
        return h, jnp.sum(h)
    h, ys = lax.scan(cell, jnp.zeros((batch, hidden)), xs)
    return jnp.mean(ys) + jnp.sum(h * h)


@jax.jit
def rnn_step(w, u, xs):
    gw, gu = jax.grad(rnn_loss, argnums=(0, 1))(w, u, xs)
    return w - 0.01 * gw, u - 0.01 * gu


rnn = timed("scan_rnn_grad_1000", rnn_step, w0, u0, xs)


def example_loss(ps, x, y):
    return mlp_loss(ps, x[None, :], y[None, :])


per_example = jax.jit(jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0)))
pe = timed("per_example_grads_128", per_example, ps, X[0], Y[0])
print("CHECK", dp[0][0][0, 0, 1], rnn[0][0, 0], pe[0][0][3, 0, 0])
