# covers: lax.psum_scatter (tiled and untiled) and lax.all_to_all inside shard_map over a 1-D mesh and over one axis of a 2-D mesh
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))
x = jax.device_put(np.arange(32, dtype=np.float32), NamedSharding(mesh, P('i')))
ps = jax.shard_map(lambda b: lax.psum_scatter(b, 'i', tiled=True), mesh=mesh, in_specs=P('i'), out_specs=P('i'))(x)
print(ps.shape, ps)
pu = jax.shard_map(lambda b: lax.psum_scatter(b.reshape(4, 2), 'i'), mesh=mesh, in_specs=P('i'), out_specs=P('i'))(x)
print(pu.shape, pu)
a2a = jax.shard_map(lambda b: lax.all_to_all(b, 'i', 0, 0, tiled=True), mesh=mesh, in_specs=P('i'), out_specs=P('i'))(x)
print(a2a)

grid = jax.make_mesh((2, 4), ('r', 'c'))
y = jax.device_put(np.arange(64, dtype=np.int32).reshape(8, 8), NamedSharding(grid, P('r', 'c')))
s_c = jax.shard_map(lambda b: lax.psum_scatter(b, 'c', scatter_dimension=0, tiled=True), mesh=grid,
                    in_specs=P('r', 'c'), out_specs=P(('r', 'c'), None))(y)
print(s_c.shape, jax.typeof(s_c))
print(s_c)
t_r = jax.shard_map(lambda b: lax.all_to_all(b, 'r', 1, 0, tiled=True), mesh=grid,
                    in_specs=P('r', 'c'), out_specs=P('r', 'c'))(y)
print(t_r.shape)
print(t_r)
