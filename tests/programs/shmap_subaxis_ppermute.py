# covers: shard_map ppermute over part of a (2,4) mesh: a ring on 'y', a swap on 'x', partial permutations (devices that receive nothing get zeros), axis tuples ('x','y') and ('y','x') (numbered in mesh order), inside a fori_loop, and its gradient
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ('x', 'y'))
x = jnp.arange(64, dtype=jnp.float32).reshape(8, 8)
ring = [(i, (i + 1) % 4) for i in range(4)]

def sm(f, i=P('x', 'y'), o=P('x', 'y')):
    return jax.shard_map(f, mesh=mesh, in_specs=i, out_specs=o)

def show(name, out):
    print(name, np.asarray(out)[::2, ::2].ravel())

show('ring y', sm(lambda t: lax.ppermute(t, 'y', ring))(x))
show('swap x', sm(lambda t: lax.ppermute(t, 'x', [(0, 1), (1, 0)]))(x))
show('partial y', sm(lambda t: lax.ppermute(t, 'y', [(0, 1), (1, 2)]))(x))
show('xy shift 3', sm(lambda t: lax.ppermute(t, ('x', 'y'), [(i, (i + 3) % 8) for i in range(8)]), P(('x', 'y')), P(('x', 'y')))(x))
show('yx shift 1', sm(lambda t: lax.ppermute(t, ('y', 'x'), [(i, (i + 1) % 8) for i in range(8)]), P(('x', 'y')), P(('x', 'y')))(x))
show('fori ring', sm(lambda t: lax.fori_loop(0, 3, lambda i, c: lax.ppermute(c, 'y', ring) + 1, t))(x))
g = jax.grad(lambda z: jnp.sum(sm(lambda t: lax.ppermute(t, 'y', ring) * t)(z) * z))(x)
show('grad', g)
