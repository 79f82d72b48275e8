# covers: .at[] set/add/mul/min/max inside jit with duplicate, negative and out-of-range indices, on axis 0 and on inner axes of 2-D/3-D arrays, float16/bfloat16/int32/bool, computed updates and indices, a scatter in a fori_loop (on the GPU: a copy kernel and an update kernel over columns, in index order)
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

rng = np.random.default_rng(5)
x = jnp.asarray(rng.standard_normal(40, dtype=np.float32))
idx = jnp.array([3, 7, 3, -1, 39, 50, 7, 0, -40])
v = jnp.asarray(rng.standard_normal(9, dtype=np.float32))
for mode in ["set", "add", "mul", "min", "max"]:
    f = jax.jit(lambda x, i, v: getattr(x.at[i], mode)(v))
    print(mode, f(x, idx, v)[jnp.array([0, 3, 7, 39])])
m = jnp.asarray(rng.standard_normal((6, 50, 3), dtype=np.float32))
rows = jnp.array([1, 49, 1, 20, -2])
upd = jnp.asarray(rng.standard_normal((6, 5, 3), dtype=np.float32))
r = jax.jit(lambda m, u: m.at[:, rows, :].add(u))(m, upd)
print(r[:, 1, :].sum(), r[:, 48, :].sum(), r.sum())
r2 = jax.jit(lambda m, u: m.at[2].set(u[0, 0]))(m, upd)
print(r2[2, :3], r2.sum())
h = x.astype(jnp.float16)
print(jax.jit(lambda h: h.at[idx].add(h[:9] * 3))(h)[jnp.array([0, 3, 7])])
b = x.astype(jnp.bfloat16)
print(jax.jit(lambda b: b.at[idx].mul(b[:9]))(b)[jnp.array([0, 3, 7])])
ii = jnp.arange(30, dtype=jnp.int32)
print(jax.jit(lambda a: a.at[jnp.array([0, 0, 5, 29])].add(jnp.array([7, 8, 9, 10], jnp.int32)))(ii)[jnp.array([0, 5, 29])])
bb = jnp.zeros(10, jnp.bool_)
print(jax.jit(lambda a: a.at[jnp.array([2, 4])].set(True))(bb))
def hist(vals):
    return jnp.zeros(8, jnp.float32).at[jnp.clip((vals * 2 + 4).astype(jnp.int32), 0, 7)].add(1.0)
print(jax.jit(hist)(x))
def loop(x):
    return lax.fori_loop(0, 5, lambda i, a: a.at[i * 3].add(a[i] + 1.0), x)
print(jax.jit(loop)(x)[:15])
