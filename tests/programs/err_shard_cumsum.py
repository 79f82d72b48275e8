# covers: error: a cumulative op along a sharded axis in Explicit mode is a ShardingTypeError
# conform: error=ShardingTypeError line=9
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

x = jax.device_put(np.arange(16.0).reshape(4, 4), NamedSharding(jax.make_mesh((4,), ('x',)), P(None, 'x')))
print(jnp.cumsum(x, axis=1))
