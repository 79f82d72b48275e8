# vmap composed with itself, jit, grad, pmap and control flow
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(24.0).reshape(2, 3, 4)
# nested vmap over two axes
print(jax.vmap(jax.vmap(lambda v: jnp.sum(v * v)))(x))
print(jax.vmap(jax.vmap(lambda v: v / jnp.max(v), in_axes=1, out_axes=1))(x + 1.0))
# jit of vmap and vmap of jit
f = jax.jit(jax.vmap(lambda a, b: jnp.dot(a, b), in_axes=(0, None)))
print(f(x[0], jnp.ones(4)))
g = jax.vmap(jax.jit(lambda r: jnp.tanh(r).sum()))
print(g(x[1]))
# grad of vmap, vmap of grad
loss = lambda w, xi: jnp.sum((xi @ w) ** 2)
w = jnp.array([0.5, -1.0, 2.0, 0.25])
print(jax.grad(lambda w: jnp.mean(jax.vmap(loss, in_axes=(None, 0))(w, x[0])))(w))
print(jax.vmap(jax.grad(loss), in_axes=(None, 0))(w, x[0]))
# cond with a batched predicate, scan with a batched carry
h = jax.vmap(lambda v: lax.cond(v.sum() > 20.0, lambda u: u * 2.0, lambda u: -u, v))
print(h(x[0]))
def cumsum_scan(v):
    return lax.scan(lambda c, e: (c + e, c * e), 0.0, v)
c, ys = jax.vmap(cumsum_scan)(x[1])
print(c, ys)
# batched gather indices and dynamic slices
idx = jnp.array([2, 0, 1])
print(jax.vmap(lambda row, i: row[i])(x[0], idx))
print(jax.vmap(lambda row, i: lax.dynamic_slice(row, (i,), (2,)))(x[0], idx))
print(jax.vmap(lambda row, i: row.at[i].set(-1.0))(x[0], idx))
# pytree in_axes and out_axes
params = {"w": jnp.ones((3, 2)), "b": jnp.arange(3.0)}
out = jax.vmap(lambda p, s: {"y": p["w"] * s + p["b"], "n": p["b"] * 0 + s},
               in_axes=({"w": 0, "b": 0}, None), out_axes={"y": 1, "n": 0})(params, 3.0)
print(out["y"], out["n"])
print(jax.vmap(lambda a: (a, a.sum()), out_axes=(1, 0))(x[0]))
print(jax.vmap(lambda a: a * 2, in_axes=-1, out_axes=-1)(x[0]))
# pmap of vmap
pm = jax.pmap(jax.vmap(lambda v: v - lax.pmean(v, "d"), in_axes=0), axis_name="d")
print(pm(x[:, :2, :]))
