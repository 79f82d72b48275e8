# covers: error: shard_map's check_vma: an output that varies over a mesh axis its out_specs do not split (no psum) is a ValueError at the call
# conform: error=ValueError line=11
import numpy as np
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
x = jax.device_put(np.arange(16.0).reshape(4, 4), NamedSharding(mesh, P('a', 'b')))
print(jax.shard_map(lambda t: lax.psum(t, 'a'), mesh=mesh, in_specs=P('a', 'b'), out_specs=P(None, 'b'))(x).shape)
y = jax.shard_map(lambda t: lax.psum(t, 'a'), mesh=mesh, in_specs=P('a', 'b'), out_specs=P())(x)
print(y)
