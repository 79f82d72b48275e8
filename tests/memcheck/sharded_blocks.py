# A sharded array is held as one buffer per device: sharded random creation
# and a jit over the sharded array each take one 8 MiB block per device
# (the per-device program writes its block in place: no stacked copy, no
# reassembly). check.py pins the peaks to the block.
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
with jax.set_mesh(mesh):
    x = jax.random.normal(jax.random.key(1), (4096, 2048), jnp.float32, out_sharding=P('x', None))
    y = jax.jit(lambda a: a * 2.0 + 1.0)(x)
    print(jax.typeof(y), [s.data.shape for s in y.addressable_shards])
