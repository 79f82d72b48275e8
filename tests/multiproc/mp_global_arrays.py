# covers: jax.make_array_from_process_local_data and jax.make_array_from_callback on a mesh spanning both processes' devices (global device ids), x.shape, x.sharding, x.is_fully_addressable, x.addressable_shards in each process, sharding.addressable_devices / device_set / addressable_devices_indices_map, jax.jit of a reduction and of an elementwise function over such an array, pmap over one (each process passes its part)
# multiproc: processes=2 local_devices=2
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

jax.distributed.initialize()
p = jax.process_index()
mesh = Mesh(np.array(jax.devices()), ('x',))
print(mesh)
s = NamedSharding(mesh, P('x'))
local = np.arange(4, dtype=np.float32).reshape(2, 2) + 100 * p
x = jax.make_array_from_process_local_data(s, local, (4, 2))
print(x.shape, x.dtype, x.is_fully_addressable, x.is_fully_replicated)
print(x.sharding)
for sh in x.addressable_shards:
    print(sh.device, sh.index, sh.replica_id, np.asarray(sh.data).tolist())

y = jax.make_array_from_callback((8,), s, lambda idx: np.arange(8, dtype=np.int32)[idx] * 10)
print(y.shape, y.is_fully_addressable)
for sh in y.addressable_shards:
    print(sh.device, sh.index, np.asarray(sh.data).tolist())

mesh2 = Mesh(np.array(jax.devices()).reshape(2, 2), ('proc', 'dev'))
s2 = NamedSharding(mesh2, P('proc', None))
z = jax.make_array_from_process_local_data(s2, np.full((1, 3), p + 1, np.float32), (2, 3))
print(z.shape, z.sharding.spec)
for sh in z.addressable_shards:
    print(sh.device, sh.index, sh.replica_id, np.asarray(sh.data).tolist())

total = jax.jit(lambda a: jnp.sum(a))(x)
print(total.is_fully_addressable, total.is_fully_replicated, float(total.addressable_shards[0].data))

w = jax.jit(lambda a: a * 2 + 1)(y)
print(w.shape, w.sharding.spec, w.is_fully_addressable)
for sh in w.addressable_shards:
    print(sh.device, sh.index, np.asarray(sh.data).tolist())
print(sorted(d.id for d in x.sharding.addressable_devices) == [d.id for d in jax.local_devices()],
      len(x.sharding.device_set))
print(sorted(d.id for d in x.sharding.addressable_devices_indices_map((4, 2))))

# pmap takes this process's part of a global array (as JAX does)
v = jax.make_array_from_process_local_data(NamedSharding(mesh, P('x')),
                                           np.arange(2, dtype=np.float32) + 10 * p, (4,))
r = jax.pmap(lambda a: lax.psum(a, 'i') + a, axis_name='i')(v)
print(r.shape, r.is_fully_addressable, r)
