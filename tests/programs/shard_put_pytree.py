# covers: jax.device_put of pytrees (one sharding for every leaf, a matching tree of shardings, PartitionSpecs under set_mesh), jax.reshard, jax.device_get of sharded arrays, replicated shards
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
params = {'w': np.ones((8, 4), np.float32), 'b': np.zeros((8,), np.float32)}
s = NamedSharding(mesh, P('x'))
put = jax.device_put(params, s)
print({k: str(jax.typeof(v)) for k, v in put.items()})
tree = jax.device_put((np.arange(8.0), np.arange(4)), (NamedSharding(mesh, P('x')), NamedSharding(mesh, P())))
print([str(jax.typeof(t)) for t in tree], [t.sharding.is_fully_replicated for t in tree])
with jax.set_mesh(mesh):
    a = jax.device_put(np.arange(16.0).reshape(4, 4), P(None, 'x'))
    b = jax.reshard(a, P('x', None))
    print(jax.typeof(a), jax.typeof(b), bool((np.asarray(a) == np.asarray(b)).all()))
    print([sh.index for sh in b.addressable_shards][:2])
g = jax.device_get(b)
print(type(g).__name__, g.shape, g.dtype, g.sum())
r = jax.device_put(np.arange(6), NamedSharding(mesh, P()))
print([(sh.device.id, sh.replica_id, sh.data.tolist()) for sh in r.addressable_shards])
print(r.sharding.shard_shape(r.shape), r.is_fully_replicated)
