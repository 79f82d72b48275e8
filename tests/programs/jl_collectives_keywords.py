# conform: devices=4
# Keyword forms of the collectives, psum_scatter and all_to_all under pmap.
import jax, jax.numpy as jnp
from jax import lax

x = jnp.arange(16.).reshape(4, 4)

def kw(v):
    s = lax.psum(v, axis_name='i')
    m = lax.pmean(x=v, axis_name='i')
    mx = lax.pmax(v, axis_name='i')
    mn = lax.pmin(v, axis_name='i')
    g = lax.all_gather(v, axis_name='i')
    gt = lax.all_gather(v, 'i', axis=0, tiled=True)
    p = lax.ppermute(v, axis_name='i', perm=[(0, 1), (1, 2), (2, 3), (3, 0)])
    idx = lax.axis_index(axis_name='i')
    return s, m, mx, mn, g.shape, gt, p, idx

for out in jax.pmap(kw, axis_name='i')(x):
    print(out)

def scatter(v):
    return (lax.psum_scatter(v, 'i'),
            lax.psum_scatter(v, axis_name='i', scatter_dimension=0, tiled=True),
            lax.psum_scatter(jnp.stack([v, v * 2]), 'i', scatter_dimension=1, tiled=True))
for out in jax.pmap(scatter, axis_name='i')(x):
    print(out)

def a2a(v):
    v2 = v.reshape(4, 1) * 10 + lax.axis_index('i')
    return (lax.all_to_all(v, 'i', 0, 0),
            lax.all_to_all(v2, 'i', split_axis=0, concat_axis=1),
            lax.all_to_all(jnp.tile(v, (2, 1)), axis_name='i', split_axis=1, concat_axis=0, tiled=True))
for out in jax.pmap(a2a, axis_name='i')(x):
    print(out)

y = jnp.arange(8.).reshape(4, 2)
print(jax.pmap(lambda v: lax.psum_scatter(jnp.tile(v, 4), 'j', tiled=True), axis_name='j')(y))
