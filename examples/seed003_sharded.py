# Seed 003, sharded: one float32[131072, 65536] tensor (34 GB) over four 32 GB
# devices. Each device draws only its own rows (bit-identical to the
# unsharded draw) and holds 8 GiB.
#
#   parax check --devices 4 --device-memory 32480MiB examples/seed003_sharded.py
#   sharded creation float32[131072@x,65536] (...:20:5): each of 4 device blocks is
#     float32[32768,65536], 8.00 GiB per device (budget 31.72 GiB)
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
