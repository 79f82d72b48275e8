# covers: vmap of gathers and scatters with batched indices (no per-example replay): x[i] with batched
# x and i, shared x with batched i, multi-dimensional indices, negative and out-of-range indices
# (wrap/clamp), .at[].set/add/mul/min/max with batched indices (out-of-range dropped), dynamic_slice
# and dynamic_update_slice with batched starts (clamped), mixed batched/unbatched starts, jnp.pad with
# a batched constant, jnp.take_along_axis, in_axes on the index argument
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(20.0).reshape(4, 5)
idx = jnp.array([4, 0, -1, 2])
# batched array, batched scalar index
print(jax.vmap(lambda r, i: r[i])(x, idx))
# batched array, batched index vector
print(jax.vmap(lambda r, i: r[i])(x, jnp.array([[0, 1], [4, 3], [2, 2], [-2, 0]])))
# shared array, batched index (the batch rides on the index)
print(jax.vmap(lambda i: x[i], in_axes=0)(jnp.array([3, 1, 0])))
print(jax.vmap(lambda i: x[:, i])(jnp.array([3, 1, 0])))
print(jax.vmap(lambda i: jnp.take(x, i, axis=1), in_axes=1)(jnp.array([[0, 1], [2, 3], [4, 4]])))
# index into a non-leading axis of a batched operand
m = jnp.arange(60.0).reshape(3, 4, 5)
print(jax.vmap(lambda a, i: a[:, i])(m, jnp.array([0, 4, 2])))
print(jax.vmap(lambda a, i: a[i, 1:3], in_axes=(2, 0))(m, jnp.array([0, 2, 1, 3, 0])))
# take_along_axis per row
order = jnp.argsort(-x, axis=1)
print(jax.vmap(lambda r, o: jnp.take_along_axis(r, o, axis=0))(x, order))
# scatters with batched indices
print(jax.vmap(lambda r, i: r.at[i].set(-1.0))(x, idx))
print(jax.vmap(lambda r, i: r.at[i].add(100.0))(x, jnp.array([[0, 0], [1, 2], [4, 4], [3, 0]])))
print(jax.vmap(lambda r, i, u: r.at[i].mul(u))(x, idx, jnp.array([2.0, 3.0, 4.0, 5.0])))
print(jax.vmap(lambda r, i: r.at[i].min(-5.0))(x, idx), jax.vmap(lambda r, i: r.at[i].max(50.0))(x, idx))
print(jax.vmap(lambda i: jnp.zeros(5).at[i].set(1.0))(jnp.array([0, 3, 4])))
print(jax.vmap(lambda r, i: r.at[i].set(7.0, mode="drop"))(x, jnp.array([9, 1, -9, 4])))
# a batched scatter into a non-leading axis
print(jax.vmap(lambda a, i: a.at[:, i].set(0.0))(m, jnp.array([1, 0, 4])))
# dynamic_slice with batched starts (clamped to stay in bounds)
print(jax.vmap(lambda r, s: lax.dynamic_slice(r, (s,), (3,)))(x, jnp.array([0, 1, 4, -1])))
print(jax.vmap(lambda s: lax.dynamic_slice(x, (s, 1), (2, 3)))(jnp.array([0, 3, 1])))
print(jax.vmap(lambda a, s, t: lax.dynamic_slice(a, (s, t), (2, 2)), in_axes=(0, 0, None))(m, jnp.array([0, 2, 3]), 3))
print(jax.vmap(lambda a, s, t: lax.dynamic_slice(a, (s, t), (2, 2)))(m, jnp.array([0, 2, 3]), jnp.array([4, 0, 2])))
print(jax.vmap(lambda r, s: lax.dynamic_slice_in_dim(r, s, 2))(x, idx))
# dynamic_update_slice with batched starts
print(jax.vmap(lambda r, s: lax.dynamic_update_slice(r, jnp.array([-1.0, -2.0]), (s,)))(x, jnp.array([0, 2, 4, -3])))
print(jax.vmap(lambda a, s, t, u: lax.dynamic_update_slice(a, u, (s, t)), in_axes=(0, 0, 0, None))(
    m, jnp.array([0, 3, 1]), jnp.array([4, 0, 2]), jnp.full((2, 2), -9.0)))
print(jax.vmap(lambda s: lax.dynamic_update_slice(jnp.zeros((3, 4)), jnp.ones((3, 2)), (0, s)))(jnp.array([0, 1, 3])))
# pad with a per-lane constant
print(jax.vmap(lambda r, c: jnp.pad(r, (1, 2), constant_values=c))(x[:, :3], jnp.array([-1.0, -2.0, -3.0, -4.0])))
# integer arrays and jit
print(jax.jit(jax.vmap(lambda r, i: r[i] * 2))(jnp.arange(12).reshape(3, 4), jnp.array([1, 3, 0])))
