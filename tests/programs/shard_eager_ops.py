# covers: eager jnp on sharded arrays: printing, repr, np.asarray, arithmetic with scalars/numpy/unsharded arrays, comparisons, where, astype, matmul with an unsharded vector, sum to a Python float, the sharding each result gets
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
x = jax.device_put(np.arange(24, dtype=np.float32).reshape(4, 6), NamedSharding(mesh, P('a', 'b')))
print(x)
print(repr(x[:0]) if False else repr(x))
y = x * 2 + 1
print(jax.typeof(y), y.sharding.spec)
z = x - np.ones((4, 6), np.float32)
print(jax.typeof(z), jax.typeof(x > 10), jax.typeof(jnp.where(x > 10, x, 0)))
print(jax.typeof(x.astype(jnp.int32)), jax.typeof(-x), jax.typeof(abs(x)), jax.typeof(x ** 2))
v = jnp.ones(6)
print(jax.typeof(x @ v), x @ v)
print(float(x.sum()), int(x.astype(jnp.int32).max()))
print(np.asarray(x).sum(), jax.device_get(x).dtype)
print(jax.typeof(jnp.exp(x).mean(axis=0)), jax.typeof(jnp.linalg.norm(x, axis=1)))
u = jax.device_put(np.ones((4, 6), np.float32), NamedSharding(mesh, P('a', None)))
print(jax.typeof(x + u), jax.typeof(u + x))
