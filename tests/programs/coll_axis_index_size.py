# axis_index and axis_size: dtypes, use in arithmetic, jnp.where, dynamic indexing and static shapes.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
def f(v):
    i = lax.axis_index('dev')
    size = lax.axis_size('dev')
    table = jnp.arange(size) * 10
    return i, i * 2 + v, jnp.where(i % 2 == 0, v, -v), table[i], jnp.ones(size).sum()
out = jax.pmap(f, axis_name='dev')(jnp.arange(n * 1.0))
for o in out:
    print(o, o.dtype)
print(jax.pmap(lambda v: v[lax.axis_index('d')], axis_name='d')(jnp.arange(n * n).reshape(n, n)))
print(jax.pmap(lambda v: lax.dynamic_slice(v, (lax.axis_index('d'),), (2,)), axis_name='d')(jnp.tile(jnp.arange(n + 1), (n, 1))))
print(jax.pmap(lambda v: lax.axis_index('d') == lax.axis_size('d') - 1, axis_name='d')(jnp.zeros(n)))
