# covers: gradients through shard_map bodies whose collectives act on part of a (2,4) mesh: all_gather on 'y' (its transpose is a psum_scatter within the group), psum_scatter on 'y', psum over 'x'; and grad of jit over a shard_map; values as JAX's
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ('x', 'y'))
x = jnp.arange(64, dtype=jnp.float32).reshape(8, 8) / 16

def sm(f, i=P('x', 'y'), o=P('x', 'y')):
    return jax.shard_map(f, mesh=mesh, in_specs=i, out_specs=o)

def show(name, g):
    print(name, g.shape, np.round(np.asarray(g)[::3, ::3].ravel(), 4))

show('all_gather y', jax.grad(lambda z: jnp.sum(sm(lambda t: lax.all_gather(t, 'y', tiled=True, axis=1) ** 2)(z)))(x))
show('all_gather y untiled', jax.grad(lambda z: jnp.sum(jnp.sin(sm(lambda t: lax.all_gather(t, 'y'), o=P('x', 'y', None))(z))))(x))
show('psum_scatter y', jax.grad(lambda z: jnp.sum(sm(lambda t: lax.psum_scatter(t, 'y', scatter_dimension=1, tiled=True) ** 2, P('x', None), P('x', 'y'))(z)))(x))
show('psum x', jax.grad(lambda z: jnp.sum(sm(lambda t: lax.psum(t * t, 'x'), o=P(None, 'y'))(z)))(x))
f = jax.jit(sm(lambda t: lax.psum(jnp.sum(jnp.tanh(t)), ('x', 'y')), o=P()))
show('jit', jax.grad(f)(x))
