# covers: jit in_shardings place uncommitted arguments; an argument already sharded differently is refused as in JAX, the same sharding passes
# conform: error=ValueError line=14
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("d",))
split = NamedSharding(mesh, P("d"))
f = jax.jit(lambda a: a * 2, in_shardings=split)
print(f(jnp.arange(8.0)), f(jnp.arange(8.0)).sharding.spec)
x = jax.device_put(jnp.arange(8.0), split)
print(f(x).sharding.spec)
g = jax.jit(lambda a: a * 2, in_shardings=NamedSharding(mesh, P()))
g(x)
