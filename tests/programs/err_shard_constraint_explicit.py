# covers: error: with_sharding_constraint may only name Auto mesh axes; on an Explicit mesh it is a ValueError (reshard is the Explicit-mode API)
# conform: error=ValueError line=10
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
@jax.jit
def f(a):
    return jax.lax.with_sharding_constraint(a * 2, NamedSharding(mesh, P('x')))
print(f(jnp.arange(8.0)))
