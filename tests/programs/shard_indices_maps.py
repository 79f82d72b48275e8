# covers: NamedSharding.devices_indices_map / addressable_devices_indices_map, shard_shape for tuple specs, Mesh properties (shape, size, axis_sizes, devices grid, device_ids), SingleDeviceSharding of an unsharded array, replica ids on a 2-D mesh
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, SingleDeviceSharding

mesh = jax.make_mesh((2, 2), ('a', 'b'))
s = NamedSharding(mesh, P('b'))
for d, idx in sorted(s.devices_indices_map((8, 3)).items(), key=lambda kv: kv[0].id):
    print(d.id, idx)
print(len(s.addressable_devices_indices_map((8, 3))))
print(mesh.shape, mesh.size, mesh.axis_sizes, mesh.devices.shape, mesh.axis_names)
print(NamedSharding(mesh, P(('b', 'a'))).shard_shape((8, 2)), NamedSharding(mesh, P(None, ('a', 'b'))).shard_shape((3, 8)))
x = jnp.arange(6)
print(x.sharding, isinstance(x.sharding, SingleDeviceSharding), x.sharding.is_fully_replicated)
print(x.sharding.shard_shape((6,)), x.sharding.num_devices, len(x.addressable_shards))
y = jax.device_put(np.arange(8), NamedSharding(mesh, P(('b', 'a'))))
print([(sh.device.id, sh.index, sh.replica_id, sh.data.tolist()) for sh in y.addressable_shards])
z = jax.device_put(np.arange(8), NamedSharding(mesh, P('a')))
print([(sh.device.id, sh.replica_id) for sh in z.addressable_shards])
