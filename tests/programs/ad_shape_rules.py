# covers: grads through reshape, broadcasting, transpose, flip, strided slicing, concatenate, stack, pad, dynamic_slice, dynamic_update_slice, gathers (integer/array indexing), scatters (.at[].set/.add), reductions, cumulative ops, dot/matmul/einsum
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(12.0).reshape(3, 4) / 7.0
w = jnp.sin(jnp.arange(12.0)).reshape(4, 3)
def show(name, f, *args, argnums=0):
    print(name, jax.grad(f, argnums=argnums)(*args))

show('reshape', lambda a: jnp.sum(a.reshape(2, 6) * jnp.arange(12.0).reshape(2, 6)), x)
show('broadcast', lambda a: jnp.sum((a[:, None, :] * jnp.ones((3, 2, 4))) ** 2), x)
show('broadcast_row', lambda v: jnp.sum(x * v), jnp.array([1.0, 2.0, 3.0, 4.0]))
show('broadcast_col', lambda v: jnp.sum(jnp.tanh(x + v[:, None])), jnp.array([0.1, 0.2, 0.3]))
show('transpose', lambda a: jnp.sum(a.T * jnp.arange(12.0).reshape(4, 3)), x)
show('flip', lambda a: jnp.sum(jnp.flip(a, axis=1) * jnp.arange(4.0)), x)
show('slice', lambda a: jnp.sum(a[1:, ::2] ** 2), x)
show('slice_step3', lambda v: jnp.sum(v[1:9:3] * jnp.array([1.0, 2.0, 3.0])), jnp.arange(10.0))
show('neg_step', lambda v: jnp.sum(v[::-2] * jnp.arange(5.0)), jnp.arange(10.0))
show('concat', lambda a: jnp.sum(jnp.concatenate([a, 2.0 * a, a[:1]], axis=0) ** 2), x)
show('stack', lambda a: jnp.sum(jnp.stack([a, a * a]) * 3.0), x)
show('int_index', lambda a: a[1, 2] * a[2, 3], x)
show('row_index', lambda a: jnp.sum(a[2] * a[0]), x)
show('gather', lambda a: jnp.sum(a[jnp.array([0, 2, 2, -1])] ** 2), x)
show('gather2', lambda a: jnp.sum(jnp.take(a, jnp.array([3, 0, 3]), axis=1)), x)
show('dyn_slice', lambda a: jnp.sum(lax.dynamic_slice(a, (1, 1), (2, 2)) ** 2), x)
show('dyn_slice_clamped', lambda a: jnp.sum(lax.dynamic_slice(a, (2, 3), (2, 2))), x)
show('dyn_update', lambda a, u: jnp.sum(lax.dynamic_update_slice(a, u, (1, 2)) ** 2), x,
     jnp.ones((2, 2)), argnums=(0, 1))
show('at_set', lambda a, u: jnp.sum(a.at[1].set(u) ** 2), x, jnp.arange(4.0), argnums=(0, 1))
show('at_add', lambda a, u: jnp.sum(a.at[jnp.array([0, 0, 2])].add(u) ** 2), x,
     jnp.ones((3, 4)), argnums=(0, 1))
show('at_mul_free', lambda a: jnp.sum(a.at[0, 0].set(5.0) * a), x)
show('sum_axis', lambda a: jnp.sum(jnp.sum(a, axis=0) ** 2), x)
show('mean', lambda a: jnp.mean(a ** 3), x)
show('prod', lambda a: jnp.prod(a[1:] + 1.0), x)
show('max', lambda a: jnp.max(a * jnp.array([1.0, -1.0, 1.0, 2.0])), x)
show('max_axis', lambda a: jnp.sum(jnp.max(a, axis=1)), x)
show('min_ties', lambda v: jnp.min(v), jnp.array([2.0, 1.0, 3.0, 1.0]))
show('var', lambda a: jnp.var(a), x)
show('logsumexp', lambda a: jnp.log(jnp.sum(jnp.exp(a))), x)
show('softmax', lambda a: jnp.sum(jax.nn.softmax(a, axis=-1) * jnp.arange(4.0)), x)
show('norm', lambda v: jnp.linalg.norm(v), jnp.array([3.0, 4.0]))
show('cumsum', lambda a: jnp.sum(jnp.cumsum(a, axis=1) ** 2), x)
show('cumprod', lambda v: jnp.sum(jnp.cumprod(v)), jnp.array([1.0, 2.0, 0.5, 3.0]))
show('matmul', lambda a, b: jnp.sum((a @ b) ** 2), x, w, argnums=(0, 1))
show('matvec', lambda a, v: jnp.sum(jnp.tanh(a @ v)), x, jnp.arange(4.0), argnums=(0, 1))
show('dot', lambda v: jnp.dot(v, v), jnp.arange(5.0))
show('outer', lambda v: jnp.sum(jnp.outer(v, v) * jnp.eye(3)), jnp.array([1.0, 2.0, 3.0]))
show('einsum', lambda a, b: jnp.sum(jnp.einsum('ij,jk->ik', a, b) * 0.5), x, w, argnums=(0, 1))
show('batched', lambda a: jnp.sum(jnp.einsum('bij,bjk->bik', a, a) ** 2),
     jnp.arange(8.0).reshape(2, 2, 2) / 8.0)
show('where_mask', lambda a: jnp.sum(jnp.where(a > 0.5, a, 0.0) ** 2), x)
show('sort_free', lambda a: jnp.sum(a.astype(jnp.float32) * 2.0), x)
