# covers: make_array_from_callback on 1-D and 2-D NamedShardings (the callback sees each shard's index), addressable_shards order (device, index, data shape, replica_id), sharding properties (shard_shape, num_devices, is_fully_replicated, mesh shape)
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
xn = np.arange(64, dtype=np.float32).reshape(8, 8)
s = NamedSharding(mesh, P('x', 'y'))
m = jax.make_array_from_callback((8, 8), s, lambda idx: xn[idx])
print(jax.typeof(m), float(m.sum()), bool((np.asarray(m) == xn).all()))
m1 = jax.make_array_from_callback((16,), NamedSharding(mesh, P(('x', 'y'))),
                                  lambda idx: np.arange(16, dtype=np.int32)[idx] * 2)
print(jax.typeof(m1), m1)
for sh in m.addressable_shards:
    print(sh.device.id, sh.index, sh.data.shape, sh.replica_id, float(sh.data[0, 0]))
b = jax.device_put(xn, NamedSharding(mesh, P(None, 'x')))
for sh in b.addressable_shards:
    print(sh.device.id, sh.index, sh.replica_id)
print(m.sharding.shard_shape((8, 8)), m.sharding.num_devices, m.sharding.is_fully_replicated)
print(jax.device_put(xn, NamedSharding(mesh, P())).sharding.is_fully_replicated)
print(m.sharding.mesh.axis_names, dict(m.sharding.mesh.shape), m.sharding.spec)
print(len(m.sharding.device_set), m.is_fully_addressable)
print(type(jax.device_get(m)).__name__, jax.device_get(m).dtype)
