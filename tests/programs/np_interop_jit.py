# covers: numpy arrays as jit/pmap/lax arguments and closed-over constants, jnp on numpy (float64 -> float32), np on jax arrays, conversions back, tree_util with numpy leaves
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

w = np.linspace(-1.0, 1.0, 6).reshape(2, 3)

@jax.jit
def f(x, y):
    return jnp.tanh(x @ y) + w.sum()

x = np.arange(4.0).reshape(2, 2) / 4
out = f(x, w)
print(type(out).__name__, out.dtype, out.shape, np.asarray(out).dtype)
print(np.round(np.asarray(out), 4))
g = jax.jit(lambda a: a * 2 + np.float64(0.5))
print(g(np.arange(3)), g(np.arange(3)).dtype, g(np.ones(2, dtype=np.float32)).dtype)
print(jnp.sum(np.arange(10)), jnp.mean(np.ones((2, 3))), jnp.dot(np.eye(2), np.array([1.0, 2.0])))
print(jnp.where(np.array([True, False]), np.array([1, 2]), 0), jnp.concatenate([np.zeros(2), jnp.ones(1)]))
print(lax.fori_loop(0, 3, lambda i, c: c + np.float32(1.5), np.zeros(2, dtype=np.float32)))
j = jnp.arange(4.0)
print(np.sum(j), np.mean(j), np.sin(j).dtype, type(np.sin(j)).__name__, np.maximum(j, 1.5), np.asarray(j) * 2)
print(j + np.ones(4), (np.ones(4) * j).dtype, type(j * np.ones(4)).__name__, np.ones(4) > j)
host = np.array(j)
host += 1
print(host, j, host.dtype)
tree = {"a": np.arange(3), "b": (np.ones(2), 5)}
print(jax.tree_util.tree_map(lambda t: t * 2, tree))
leaves = jax.tree_util.tree_leaves(tree)
print([type(l).__name__ for l in leaves])
@jax.jit
def total(t):
    return t["a"].sum() + t["b"][0].sum()
print(total(tree))
print(np.asarray(jax.device_get({"k": jnp.ones(2)})["k"]).dtype, type(jax.device_get(jnp.zeros(1))).__name__)
s = jnp.float32(2.5)
print(np.float64(s), np.array(s), np.asarray(jnp.int32(3)).dtype, np.array([jnp.float32(1.0), jnp.float32(2.0)]).dtype)
print(isinstance(np.arange(2), jax.Array), isinstance(jnp.arange(2), np.ndarray), isinstance(np.float32(1), np.ndarray))
print(jnp.asarray(np.int64(5)).dtype, jnp.asarray(np.uint64(5)).dtype, jnp.array(np.arange(3, dtype=np.int16)).dtype, jnp.zeros(2, dtype=np.float32).dtype, jnp.ones(1, np.int32).dtype)
print(jnp.float32 == np.float32, jnp.arange(2).dtype == np.int32, jnp.ones(2).dtype == np.float64, np.arange(2.0).dtype == jnp.float32)
ja = jnp.arange(10.0)
idx = np.array([1, 3, 5])
print(ja[idx], ja[np.int64(2)], ja[np.arange(3) > 0] if False else 0, ja.at[idx].set(np.float64(-1.0)), ja.at[np.array([0, 0])].add(np.ones(2)))
