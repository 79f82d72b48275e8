# float32 dot_general in every operand layout the compiled loops distinguish:
# rhs free dims contiguous (x @ w), contracting dims contiguous on both sides
# (x @ w.T), transposed lhs (x.T @ y), batched, broadcast and reshaped
# and sliced operands, sizes that leave row/column/k tails, products big
# enough for the runtime GEMM yet compiled, and dots inside scan and its
# gradient. Values are positive so that no sum cancels.
import jax
import jax.numpy as jnp
from jax import lax


def mat(m, n, s):
    return 0.1 + 0.9 * jnp.abs(jnp.sin(jnp.arange(m * n, dtype=jnp.float32) * s)).reshape(m, n)


def show(name, r):
    print(name, r.shape, r.dtype, jnp.sum(r), r[0, :5], r[-1, -3:])


for (m, k, n) in [(8, 64, 64), (7, 13, 37), (5, 21, 100), (3, 3, 5), (17, 40, 9), (1, 30, 70),
                  (96, 200, 130), (128, 64, 256)]:
    x, w = mat(m, k, 0.7), mat(k, n, 1.3)
    wt, xt = mat(n, k, 0.9), mat(k, m, 0.4)
    show(f"xw {m}x{k}x{n}", jax.jit(lambda a, b: a @ b)(x, w))
    show(f"xwT {m}x{k}x{n}", jax.jit(lambda a, b: a @ b.T)(x, wt))
    show(f"xTw {m}x{k}x{n}", jax.jit(lambda a, b: a.T @ b)(xt, w))
    show(f"xTwT {m}x{k}x{n}", jax.jit(lambda a, b: a.T @ b.T)(xt, wt))

a3 = mat(3 * 6, 10, 0.3).reshape(3, 6, 10)
b3 = mat(3 * 10, 12, 0.5).reshape(3, 10, 12)
c3 = mat(3 * 12, 10, 0.8).reshape(3, 12, 10)
f = jax.jit(lambda a, b, c: (jnp.einsum("bij,bjk->bik", a, b), jnp.einsum("bij,bkj->bik", a, c),
                              jnp.einsum("bji,bjk->bik", a, a)))
for name, r in zip(["bij,bjk", "bij,bkj", "bji,bjk"], f(a3, b3, c3)):
    print(name, r.shape, jnp.sum(r), r[1, 2, :4], r[2, -1, -2:])

v = jnp.arange(16, dtype=jnp.float32) * 0.25 + 1.0
g = jax.jit(lambda v, w: (jnp.broadcast_to(v, (5, 16)) @ w, v.reshape(4, 4) @ w[:4, :20],
                          w[3:9, 5:21] @ w[:16, 7:40], w[:, 1:33].T @ w[:, 2:12],
                          (w.reshape(2, 8, 40)[1].T @ w[:8, :3])))
for r in g(v, mat(16, 40, 0.6)):
    show("view", r)

hidden, steps, batch = 24, 50, 3
xs = 0.1 * jnp.cos(jnp.arange(steps * batch * hidden, dtype=jnp.float32)).reshape(steps, batch, hidden)


def loss(w, u, xs):
    def cell(h, x):
        h = jnp.tanh(h @ w + x @ u)
        return h, jnp.sum(h)
    h, ys = lax.scan(cell, jnp.zeros((batch, hidden)), xs)
    return jnp.mean(ys) + jnp.sum(h * h)


w0 = mat(hidden, hidden, 0.2) * 0.1
u0 = mat(hidden, hidden, 0.35) * 0.1
print(jax.jit(loss)(w0, u0, xs))
gw, gu = jax.jit(jax.grad(loss, argnums=(0, 1)))(w0, u0, xs)
show("gw", gw)
show("gu", gu)
