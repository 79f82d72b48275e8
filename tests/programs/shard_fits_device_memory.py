# conform: parax-args=--device-memory 10MiB
# covers: the eager preflight's fix works: float32[4096,1024] (16 MiB) does not fit a 10 MiB device unsharded (tests/diagnostics/eager_tensor_shardable.py), but with out_sharding= each device makes its own 4 MiB block (on that device) and holds only it; a random draw made block by block on its devices is bit-identical to the unsharded draw
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((4,), ('x',)))
w = jnp.zeros((4096, 1024), dtype=jnp.float32, out_sharding=P('x', None))
print(jax.typeof(w), [s.data.shape for s in w.addressable_shards])
r = jax.random.normal(jax.random.key(3), (512, 1024), out_sharding=P("x", None))
print(jax.typeof(r), float(np.asarray(r).std()) > 0.9)
small = jax.random.normal(jax.random.key(3), (64, 1024), out_sharding=P('x', None))
print(bool((np.asarray(small) == np.asarray(jax.random.normal(jax.random.key(3), (64, 1024)))).all()))
