# covers: matmuls big enough for the GPU's tiled kernel (64x64 output tiles, k in chunks of 16): edges that are not multiples of the tile, k below and between chunks, batches, transposed and sliced operands, fused producers, float16/bfloat16, integer dots, -0.0 sums
import numpy as np
import jax
import jax.numpy as jnp

rng = np.random.default_rng(7)

def mat(*s):
    return jnp.asarray(rng.standard_normal(s, dtype=np.float32))

def show(name, r):
    r = np.asarray(r, dtype=np.float64)
    print(name, r.shape, float(r.sum()), float(np.abs(r).max()), r[-1, ..., -1].tolist())

f = jax.jit(lambda a, b: a @ b)
for m, k, n in [(33, 9, 40), (64, 16, 64), (65, 17, 63), (130, 70, 99), (16, 300, 200), (200, 5, 300)]:
    show(f"mm{m}x{k}x{n}", f(mat(m, k), mat(k, n)))

a, b = mat(96, 50), mat(80, 50)
show("a_bT", jax.jit(lambda a, b: a @ b.T)(a, b))
show("aT_a", jax.jit(lambda a: a.T @ a)(a))
show("slices", jax.jit(lambda a, b: a[1:90:2, 3:43] @ b[:40, 5:45].T)(a, b))
x = mat(3, 70, 40)
show("batched", jax.jit(lambda x: jnp.einsum('bij,bkj->bik', x, x))(x))
show("bcast_rhs", jax.jit(lambda x, w: jnp.einsum('bij,jk->bik', x, w))(x, mat(40, 90)))
show("fused", jax.jit(lambda a, b: jnp.tanh(a) @ (b * 2.0 + 1.0).T)(a, b))
show("f16", jax.jit(lambda a, b: a.astype(jnp.float16) @ b.astype(jnp.float16).T)(a, b))
show("bf16", jax.jit(lambda a, b: a.astype(jnp.bfloat16) @ b.astype(jnp.bfloat16).T)(a, b))
ia = jnp.asarray(rng.integers(-5, 5, (70, 33)), jnp.int32)
show("int32", jax.jit(lambda a: a @ a.T)(ia))
z = -jnp.zeros((40, 30), jnp.float32)
nz = jax.jit(lambda z, w: z @ w)(z, jnp.ones((30, 50), jnp.float32))
print("neg zero", np.signbit(np.asarray(nz)).sum(), nz.shape)
mlp = jax.jit(lambda x, w1, w2: jax.nn.relu(x @ w1) @ w2)
show("mlp", mlp(mat(128, 64), mat(64, 256), mat(256, 10)))
g = jax.jit(jax.grad(lambda w, x: jnp.sum(jnp.tanh(x @ w) ** 2)))(mat(64, 96), mat(100, 64))
show("grad", g)
