# covers: error: on an Explicit mesh, shard_map's in_specs must match the argument's sharding (an unsharded argument with in_specs P('x') is a ValueError)
# conform: error=ValueError line=10
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
x = jnp.arange(8.0)
y = jax.shard_map(lambda b: lax.psum(b, 'x'), mesh=mesh, in_specs=P('x'), out_specs=P())(x)
print(y)
