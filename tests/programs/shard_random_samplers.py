# covers: jax.random samplers with out_sharding= (normal, randint, bernoulli, uniform on a 2-D mesh) are bit-identical to the unsharded draws and carry the sharding
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
key = jax.random.key(7)
with jax.set_mesh(mesh):
    n = jax.random.normal(key, (8, 6), out_sharding=P('a', 'b'))
    r = jax.random.randint(key, (8, 6), 0, 100, out_sharding=P(None, 'a'))
    b = jax.random.bernoulli(key, 0.3, (8, 6), out_sharding=P(('a', 'b')))
    u = jax.random.uniform(key, (4, 8), out_sharding=P('b', 'a'))
for v, ref in [(n, jax.random.normal(key, (8, 6))), (r, jax.random.randint(key, (8, 6), 0, 100)),
               (b, jax.random.bernoulli(key, 0.3, (8, 6))), (u, jax.random.uniform(key, (4, 8)))]:
    print(jax.typeof(v), bool((np.asarray(v) == np.asarray(ref)).all()))
print(r)
