# covers: shard_map all_gather over part of a (2,4) mesh: axis 'y' and axis 'x', untiled and tiled, gather axis 0/1, axis tuples in mesh and reversed order, pytrees; values as JAX's (devices meet only their group's blocks)
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ('x', 'y'))
x = jnp.arange(64, dtype=jnp.float32).reshape(8, 8)

def sm(f, i, o):
    return jax.shard_map(f, mesh=mesh, in_specs=i, out_specs=o, check_vma=False)

def show(name, out):
    for leaf in jax.tree_util.tree_leaves(out):
        print(name, leaf.shape, np.asarray(leaf).ravel()[:12])

show('y untiled', sm(lambda t: lax.all_gather(t, 'y'), P('x', 'y'), P('x', None, None))(x))
show('y untiled ax1', sm(lambda t: lax.all_gather(t, 'y', axis=1), P('x', 'y'), P('x', None, None))(x))
show('y tiled ax1', sm(lambda t: lax.all_gather(t, 'y', axis=1, tiled=True), P('x', 'y'), P('x', None))(x))
show('x tiled', sm(lambda t: lax.all_gather(t, 'x', tiled=True), P('x', 'y'), P(None, 'y'))(x))
show('x untiled', sm(lambda t: lax.all_gather(t, 'x'), P('x', 'y'), P(None, None, 'y'))(x))
show('xy tiled', sm(lambda t: lax.all_gather(t, ('x', 'y'), tiled=True), P(('x', 'y')), P())(x))
show('yx tiled', sm(lambda t: lax.all_gather(t, ('y', 'x'), tiled=True), P(('y', 'x')), P())(x))
show('y of x-split rows', sm(lambda t: lax.all_gather(t, 'y', tiled=True), P('x', 'y'), P('x', None))(x[:, :4].reshape(8, 4)))
show('pytree', sm(lambda t: {'a': lax.all_gather(t, 'y', tiled=True, axis=1), 'b': lax.all_gather(t * 2, 'y')}, P('x', 'y'), {'a': P('x', None), 'b': P('x', None, None)})(x))
g = jax.jit(sm(lambda t: lax.all_gather(t, 'y', axis=1, tiled=True).sum(axis=1, keepdims=True), P('x', 'y'), P('x', None)))(x)
print('jit', g.shape, np.asarray(g).ravel())
