# Sizes that take the GPU lowering's parallel paths: grid-stride fills,
# one-block reductions (few outputs, runs >= 1024), grid reductions (>= 256
# outputs), dots, and small cases left to one thread.
import jax
import jax.numpy as jnp
from jax import jit

x = jnp.sin(jnp.arange(300000.0) * 0.001).reshape(300, 1000)
y = jnp.cos(jnp.arange(8192.0) * 0.01)


@jit
def reds(x, y):
    return (x.sum(), x.max(), x.min(), jnp.prod(1.0 + y[:1024] * 1e-3),
            x.sum(axis=1), x.sum(axis=0), x.mean(axis=0).sum(),
            (x > 0.5).sum(), jnp.argmax(x, axis=1), y.reshape(8, 1024).sum(axis=1),
            y.reshape(2, 4096).max(axis=1))


for r in reds(x, y):
    print(r)


@jit
def fused(x):
    z = jnp.exp(-x * x) * jnp.tanh(x) + jnp.sqrt(jnp.abs(x)) / (1.0 + x * x)
    return z, z.sum(axis=1), jnp.log1p(jnp.abs(z)).mean()


for r in fused(x):
    print(r)


@jit
def mm(a, b):
    return a @ b, (a @ b).sum(), jnp.dot(a[0], b[:, 0])


a = jnp.arange(64.0 * 96).reshape(64, 96) / 1000.0
b = jnp.arange(96.0 * 80).reshape(96, 80) / 2000.0
for r in mm(a, b):
    print(r)


@jit
def ints(i):
    return i.sum(), i.max(axis=0), (i * 3 % 7).min(axis=1), (i & 5).sum(axis=0)


i = jnp.arange(512 * 700, dtype=jnp.int32).reshape(512, 700)
for r in ints(i):
    print(r)


@jit
def half(h):
    return (h * 2).astype(jnp.float32).sum(), (h + 1).sum(axis=1)


h = (jnp.arange(4096.0).reshape(4, 1024) / 4096.0).astype(jnp.float16)
for r in half(h):
    print(r)
