# covers: shard_map psum_scatter and all_to_all over part of a (2,4) mesh and over axis tuples: tiled and untiled scatter, split/concat axes, and psum/pmean/pmax over one axis beside them; values as JAX's
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ('x', 'y'))
x = jnp.arange(64, dtype=jnp.float32).reshape(8, 8)

def sm(f, i, o):
    return jax.shard_map(f, mesh=mesh, in_specs=i, out_specs=o)

def show(name, out):
    print(name, out.shape, np.asarray(out).ravel()[:12])

show('psum_scatter y tiled', sm(lambda t: lax.psum_scatter(t, 'y', scatter_dimension=1, tiled=True), P('x', None), P('x', 'y'))(x))
show('psum_scatter y untiled', sm(lambda t: lax.psum_scatter(t[:4], 'y', scatter_dimension=0), P('x', None), P(('x', 'y')))(x))
show('psum_scatter x', sm(lambda t: lax.psum_scatter(t, 'x', tiled=True), P(None, 'y'), P('x', 'y'))(x))
show('psum_scatter xy', sm(lambda t: lax.psum_scatter(t, ('x', 'y'), tiled=True), P(None, None), P(('x', 'y')))(x))
show('all_to_all y', sm(lambda t: lax.all_to_all(t, 'y', 0, 1, tiled=True), P(None, 'y'), P('y', None))(x))
show('all_to_all x', sm(lambda t: lax.all_to_all(t, 'x', 0, 1, tiled=True), P('x', 'y'), P(None, ('x', 'y')))(x))
show('all_to_all xy', sm(lambda t: lax.all_to_all(t, ('x', 'y'), 0, 1, tiled=True), P(None, ('x', 'y')), P(('x', 'y'), None))(x))
show('pmean y', sm(lambda t: lax.pmean(t, 'y'), P('x', 'y'), P('x', None))(x))
show('pmax x', sm(lambda t: lax.pmax(t, 'x'), P('x', 'y'), P(None, 'y'))(x))
show('psum int y', sm(lambda t: lax.psum(t.astype(jnp.int32), 'y'), P('x', 'y'), P('x', None))(x))
