# all_gather: new axis at 0, at axis=1, negative axis, tiled=True concatenation, scalars and matrices.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
x = jnp.arange(n * 3.0).reshape(n, 3)
g0 = jax.pmap(lambda v: lax.all_gather(v, 'i'), axis_name='i')(x)
print(g0.shape, g0[0])
g1 = jax.pmap(lambda v: lax.all_gather(v, 'i', axis=1), axis_name='i')(x)
print(g1.shape, g1[2])
gn = jax.pmap(lambda v: lax.all_gather(v, 'i', axis=-1), axis_name='i')(x)
print(gn.shape, gn[3])
gt = jax.pmap(lambda v: lax.all_gather(v, 'i', tiled=True), axis_name='i')(x)
print(gt.shape, gt[1])
s = jax.pmap(lambda v: lax.all_gather(v, 'i'), axis_name='i')(jnp.arange(n) * 5)
print(s)
m = jnp.arange(n * 4).reshape(n, 2, 2)
print(jax.pmap(lambda v: lax.all_gather(v, 'i', axis=1, tiled=True), axis_name='i')(m)[0])
print(jax.pmap(lambda v: lax.all_gather(v, 'i').sum(axis=0) - lax.psum(v, 'i'), axis_name='i')(x))
