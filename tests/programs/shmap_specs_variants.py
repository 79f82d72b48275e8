# covers: shard_map in_specs/out_specs variants on a (2,4) Auto mesh: P(), P('x'), P(('x','y')), P(('y','x')), None dims, replicated inputs written out split (copies), check_vma=False outputs, pytree specs as tree prefixes, a nested jit body, vmap over shard_map, jit of shard_map, block shapes inside the body
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from functools import partial
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ('x', 'y'))
x = jnp.arange(64, dtype=jnp.float32).reshape(8, 8)

def sm(f, i, o, **kw):
    return jax.shard_map(f, mesh=mesh, in_specs=i, out_specs=o, **kw)

def show(name, out):
    for leaf in jax.tree_util.tree_leaves(out):
        print(name, leaf.shape, np.asarray(leaf).ravel()[:10])

for spec in [P(), P('x'), P(('x', 'y')), P(('y', 'x')), P(None, 'y'), P('y', 'x'), P(None, ('x', 'y'))]:
    show('id ' + str(spec), sm(lambda t: t + 0, spec, spec)(x))
show('block shape', sm(lambda t: jnp.full((1, 1), t.shape[0] * 10 + t.shape[1], jnp.float32), P('x', 'y'), P('x', 'y'))(x))
show('x in, xy out', sm(lambda t: t, P('x'), P(('x', 'y')))(x))
show('repl in, x out', sm(lambda t: t * 2, P(), P('x'))(x))
show('novma P() out', sm(lambda t: t, P('x'), P(), check_vma=False)(x))
show('pytree', sm(lambda d: (d['a'] + d['b'], d['a'].sum(0, keepdims=True)), ({'a': P('x'), 'b': P('x')},), (P('x'), P('x')))({'a': x, 'b': x}))
show('nested jit', sm(jax.jit(lambda t: jnp.sin(t) @ t.T), P('x', None), P('x', None))(x))
show('jit of shard_map', jax.jit(sm(lambda t: lax.psum(t.sum(0, keepdims=True), 'x'), P('x', 'y'), P(None, 'y')))(x))
show('vmap', jax.vmap(sm(lambda t: t * 2, P('x'), P('x')))(jnp.stack([x, x + 1])))
show('decorator', partial(jax.shard_map, mesh=mesh, in_specs=P('x'), out_specs=P('x'))(lambda t: t - 1)(x))
show('axis_index', sm(lambda t: jnp.full((1, 1), lax.axis_index('y') * 10 + lax.axis_index('x'), jnp.float32), P('x', 'y'), P('x', 'y'))(x))
try:
    sm(lambda t: t, P('x'), P())(x)
except ValueError:
    print('replication check: ValueError')
