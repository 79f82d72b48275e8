# covers: sharded arrays held per device: addressable_shards (.data, .index, .device, replica_id) of device_put, jit, eager-op, shard_map and out_sharding= results on a 2-D mesh with a replicated axis; shards stay what jit, reshard and shard_map made; np.asarray/device_get/print assemble the same global values; a jit whose result is replicated; a chain of jits on shards
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def shards(name, a):
    print(name, jax.typeof(a), a.sharding.spec)
    for s in a.addressable_shards:
        print(' ', s.device.id, s.index, s.replica_id, s.data.shape, float(s.data.sum()),
              s.data.ravel()[:3].tolist())


mesh = jax.make_mesh((2, 2), ('x', 'y'))
g = np.arange(48, dtype=np.float32).reshape(8, 6)
a = jax.device_put(g, NamedSharding(mesh, P('x', None)))  # replicated over y
shards('put', a)
b = jax.jit(lambda v: jnp.sin(v) * 3.0 + v)(a)
shards('jit', b)
c = b * 2.0 - a
shards('eager', c)
d = jax.reshard(c, NamedSharding(mesh, P(None, 'y')))
shards('reshard', d)
e = jax.jit(lambda v, w: v @ w.T)(a, jax.device_put(g, NamedSharding(mesh, P('y', None))))
shards('matmul', e)
with jax.set_mesh(mesh):
    f = jax.shard_map(lambda v: (v * jax.lax.axis_index('x').astype(jnp.float32) + 1.0)[:, :3] + jax.lax.axis_index('y').astype(jnp.float32),
                      in_specs=P('x', None), out_specs=P('x', 'y'))(a)
    r = jax.random.uniform(jax.random.key(3), (8, 6), out_sharding=P('x', None))
    z = jnp.zeros((4, 6), jnp.int32, out_sharding=P(None, 'y'))
shards('shard_map', f)
shards('random', r)
shards('zeros', z)
t = jax.jit(lambda v: v.sum(axis=0))(a)
shards('replicated', t)
h = jax.jit(lambda v: v + 1.0)(jax.jit(lambda v: v * v)(a))
shards('chain', h)
print(np.asarray(b).sum(), jax.device_get(c)[3].tolist())
print(d)
print(float(jnp.sum(f)), float(r.sum()), np.asarray(r).shape)
