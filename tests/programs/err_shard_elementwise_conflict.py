# covers: error: an elementwise op whose broadcast operands split two dimensions over the same mesh axis is a ShardingTypeError
# conform: error=ShardingTypeError line=10
import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
a = jax.device_put(np.ones((8, 1), np.float32), NamedSharding(mesh, P('x', None)))
b = jax.device_put(np.ones((1, 8), np.float32), NamedSharding(mesh, P(None, 'x')))
c = a * b
print(c)
