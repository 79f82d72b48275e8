# covers: lax.axis_index / axis_size in shard_map for each axis of a 2-D mesh and for a tuple of axes (row-major over the tuple as given)
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('a', 'b'))
z = jax.device_put(jnp.zeros((8,), jnp.int32), jax.NamedSharding(mesh, P(('a', 'b'))))

def ids(_):
    i_a = lax.axis_index('a')
    i_b = lax.axis_index('b')
    i_ab = lax.axis_index(('a', 'b'))
    i_ba = lax.axis_index(('b', 'a'))
    n = lax.axis_size('a') * 100 + lax.axis_size(('a', 'b'))
    return jnp.stack([i_a, i_b, i_ab, i_ba, jnp.int32(n)]).reshape(1, 5)

out = jax.shard_map(ids, mesh=mesh, in_specs=P(('a', 'b')), out_specs=P(('a', 'b')))(z)
print(out)
z = jax.device_put(z, jax.NamedSharding(mesh, P(('b', 'a'))))
out2 = jax.jit(jax.shard_map(ids, mesh=mesh, in_specs=P(('b', 'a')), out_specs=P(('b', 'a'))))(z)
print(out2)
