# float64 reductions, scans and scatters in jit (on the cuda backend they
# run on the device: codegen/ReduceCombiner.h), including values whose sums
# underflow.
import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import jit

x = jnp.arange(600.0).reshape(20, 30) / 7.0 - 40.0
big = jnp.arange(300000.0) * 1e-3


@jit
def reds(a, b):
    return (a.sum(), a.sum(axis=0), a.max(axis=1), a.min(),
            jnp.prod(a[:2, :5] * 0.01 + 1.0, axis=1), b.sum(), b.max(), (b * b).mean(),
            jnp.sum(b.reshape(300, 1000), axis=1), jnp.min(b * -1e-310),
            jnp.argmax(a, axis=1), jnp.argmin(a), jnp.argmax(jnp.cos(b)),
            jnp.argmin(jnp.where(b > 1.0, b, 1e-310)), jnp.argmax(a.at[3, 4].set(jnp.nan)))


@jit
def scans(a):
    return (jnp.cumsum(a, axis=1), jnp.cumprod(a[:3] * 0.01 + 1.0, axis=0),
            jax.lax.cummax(a, axis=0), jax.lax.cummin(a, axis=1, reverse=True),
            jax.lax.cumsum(a, axis=0, reverse=True), jnp.cumsum(a.ravel() * 1e-300 * 1e-10))


idx = jnp.array([3, 1, 3, 0, 19, 3, -1])


@jit
def scatters(a, i):
    u = jnp.arange(7.0 * 30).reshape(7, 30) / 3.0 - 20.0
    return (a.at[i].add(u), a.at[i].multiply(u * 0.001 + 1.0), a.at[i].min(u),
            a.at[i].max(u), a.at[i].set(u))


for r in reds(x, big):
    print(r.dtype, r.shape, r.ravel()[:4])
for r in scans(x):
    print(r.dtype, r.shape, float(r.sum()), r.ravel()[:5], r.ravel()[-3:])
for r in scatters(x, idx):
    print(r.dtype, float(r.sum()), r[3, :4], r[19, -3:], r[0, :2])
