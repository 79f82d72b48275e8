# The runtime GEMM (products of 2^24 multiply-adds and more, and every eager
# dot) reads transposed operands in place through strides: x.T @ y, x @ y.T,
# both, batched layouts whose groups are one stride (bij,bkj / bji,bjk /
# jbi), layouts that are not (copied first), float16/bfloat16 operands, and
# a matrix-vector product with a transposed matrix. Values are positive so
# that no sum cancels.
import jax
import jax.numpy as jnp


def mat(m, n, s, dtype=jnp.float32):
    return (0.1 + 0.9 * jnp.abs(jnp.sin(jnp.arange(m * n, dtype=jnp.float32) * s))).reshape(m, n).astype(dtype)


def show(name, r):
    r = r.astype(jnp.float32)
    print(name, r.shape, jnp.sum(r), r[0, :4], r[-1, -3:])


for (m, k, n) in [(256, 256, 256), (300, 190, 310), (40, 1030, 420)]:
    x, w = mat(m, k, 0.7), mat(k, n, 1.3)
    wt, xt = mat(n, k, 0.9), mat(k, m, 0.4)
    for name, f in [("xw", lambda a, b: a @ b), ("xwT", lambda a, b: a @ b.T),
                    ("xTw", lambda a, b: a.T @ b), ("xTwT", lambda a, b: a.T @ b.T)]:
        a = xt if name.startswith("xT") else x
        b = wt if name.endswith("wT") else w
        show(f"jit {name} {m}x{k}x{n}", jax.jit(f)(a, b))
        show(f"eager {name} {m}x{k}x{n}", f(a, b))

a3 = mat(4 * 96, 128, 0.3).reshape(4, 96, 128)
b3 = mat(4 * 128, 160, 0.5).reshape(4, 128, 160)
c3 = mat(4 * 160, 128, 0.8).reshape(4, 160, 128)
d3 = mat(128 * 4, 96, 0.2).reshape(128, 4, 96)
f = jax.jit(lambda a, b, c, d: (jnp.einsum("bij,bjk->bik", a, b), jnp.einsum("bij,bkj->bik", a, c),
                                 jnp.einsum("bji,bjk->bik", b, b), jnp.einsum("jbi,bjk->bik", d, b),
                                 jnp.einsum("bij,kbj->bik", a, jnp.transpose(c, (1, 0, 2)))))
for name, r in zip(["bij,bjk", "bij,bkj", "bji,bjk", "jbi,bjk", "bij,kbj"], f(a3, b3, c3, d3)):
    print(name, r.shape, jnp.sum(r), r[1, 2, :4], r[3, -1, -2:])

for dt in [jnp.float16, jnp.bfloat16]:
    x, w = mat(256, 256, 0.7, dt), mat(256, 300, 1.1, dt)
    show(f"{dt.__name__} xTw", jax.jit(lambda a, b: a.T @ b)(x, w))
    show(f"{dt.__name__} xwT", jax.jit(lambda a, b: a @ b.T)(w.T, x))

big = mat(2048, 4096, 0.3)
v = jnp.arange(2048, dtype=jnp.float32) * 1e-3
print("matvec T", jnp.sum(jax.jit(lambda a, v: a.T @ v)(big, v)))
print("vecmat T", jnp.sum(jax.jit(lambda a, v: v @ a.T)(big.T, v)))
