# The Python half of the jax module: the sharding names (jax.P, make_mesh,
# set_mesh, NamedSharding, typeof, reshard, shard_map ...), read from
# jax.sharding and jax.experimental.shard_map when first asked for.
from jax.sharding import (NamedSharding, P, PartitionSpec, make_mesh, reshard, set_mesh,
                          typeof, make_array_from_callback, make_array_from_single_device_arrays)
from jax.experimental.shard_map import shard_map
