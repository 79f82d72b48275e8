# covers: sharded random initialisation with out_sharding= (uniform, normal, bernoulli, randint) equals the unsharded draw bit for bit; reductions of the sharded draws (sum/mean/max over split dims) and a jitted normalisation keep JAX's shardings
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
key = jax.random.key(42)
k1, k2, k3, k4 = jax.random.split(key, 4)
u = jax.random.uniform(k1, (16, 8), out_sharding=P('x', 'y'))
n = jax.random.normal(k2, (16, 8), out_sharding=P(None, 'y'))
bern = jax.random.bernoulli(k3, 0.3, (16, 8), out_sharding=P('x', None))
ri = jax.random.randint(k4, (32,), 0, 10, out_sharding=P(('x', 'y')))
for name, s, plain in [('uniform', u, jax.random.uniform(k1, (16, 8))),
                       ('normal', n, jax.random.normal(k2, (16, 8))),
                       ('bernoulli', bern, jax.random.bernoulli(k3, 0.3, (16, 8))),
                       ('randint', ri, jax.random.randint(k4, (32,), 0, 10))]:
    print(name, jax.typeof(s), bool((np.asarray(s) == np.asarray(plain)).all()))
print('sum', jax.typeof(u.sum(axis=0)), round(float(u.sum()), 4))
print('mean rows', jax.typeof(jnp.mean(n, axis=1)), np.round(np.asarray(jnp.mean(n, axis=1))[:4], 4))
print('max', jax.typeof(jnp.max(u, axis=1)), round(float(jnp.max(u)), 4))
print('count', int(bern.sum()), jax.typeof(bern.sum(axis=1)))
print('hist', np.bincount(np.asarray(ri), minlength=10))

@jax.jit
def normalise(z):
    mu = z.mean(axis=0, keepdims=True)
    sd = z.std(axis=0, keepdims=True)
    return (z - mu) / sd
z = normalise(n)
print(jax.typeof(z), np.round(np.asarray(z.mean(axis=0)), 4)[:4], np.round(np.asarray(z.std(axis=0))[:2], 4))
