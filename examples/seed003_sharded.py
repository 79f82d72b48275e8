# Seed 003, sharded: one float32[131072, 65536] tensor (34 GB) over four 32 GB
# devices. Each device draws only its own rows (bit-identical to the
# unsharded draw) from its own counters, straight into the 8 GiB shard it
# keeps (the array is held as one buffer per device: no stacked copy, no
# global buffer), so its peak is the block, within the 31.72 GiB budget:
#
#   parax check --devices 4 --device-memory 32480MiB examples/seed003_sharded.py
#   program jit(jax.random.uniform) (examples/seed003_sharded.py:24:5):
#     device 0: peak 8.00 GiB
#       8.00 GiB  float32[32768,65536] from max  (in jit(jax.random.uniform)) ...
#     (devices 1-3 the same)
#
# Run it for real at a smaller size: parax --devices 4 examples/seed003_sharded.py 128
import sys
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 131072
mesh = jax.make_mesh((4,), ('x',))
jax.set_mesh(mesh)
key = jax.random.key(0)
# The one line that changes: out_sharding= splits the rows over the mesh.
w = jax.random.uniform(key, (rows, 65536), jnp.float32, out_sharding=P('x', None))
print(jax.typeof(w), w.nbytes)
print([s.data.shape for s in w.addressable_shards], [s.data.nbytes for s in w.addressable_shards])
jax.debug.visualize_array_sharding(w)
row_sums = jax.jit(lambda a: jnp.sum(a, axis=1))(w)
print(jax.typeof(row_sums))
print(round(float(jnp.mean(row_sums)) / 65536, 2))
