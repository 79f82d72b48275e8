# covers: vmap over split arrays keeps the split of the mapped and unmapped dims (in_axes/out_axes 0 and 1, broadcast unmapped args, outer products), a reduction over a split dim drops it; eager and under jit
import numpy as np, jax, jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
mesh = jax.make_mesh((4,), ('x',))
x = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P('x')))
print(jax.typeof(jax.vmap(lambda r: r * 2)(x)))
print(jax.typeof(jax.vmap(lambda r: r.sum())(x)))
print(jax.typeof(jax.vmap(lambda r: r * 2, in_axes=1, out_axes=1)(x)))
print(jax.typeof(jax.jit(jax.vmap(lambda r: r * 2))(x)))
y = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P(None, 'x')))
print(jax.typeof(jax.vmap(lambda r: r * 2)(y)))
print(jax.typeof(jax.vmap(lambda r: jnp.sum(r))(y)))
print(jax.typeof(jax.vmap(lambda r, s: r + s, in_axes=(0, None))(x, jnp.ones(4))))
print(jax.typeof(jax.vmap(lambda r: jnp.outer(r, r))(x)))
