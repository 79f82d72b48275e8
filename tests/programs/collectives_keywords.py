# conform: devices=2
# Every collective takes its arguments by keyword too.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(4.).reshape(2, 2)
print(jax.pmap(lambda v: lax.ppermute(v, axis_name='i', perm=[(0, 1), (1, 0)]), axis_name='i')(x))
print(jax.pmap(lambda v: lax.ppermute(v, 'i', perm=((0, 1), (1, 0))), axis_name='i')(x))
print(jax.pmap(lambda v: lax.all_gather(v, axis_name='i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.all_gather(v, axis_name='i', axis=0, tiled=True), axis_name='i')(x))
print(jax.pmap(lambda v: lax.psum(v, axis_name='i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.pmean(x=v, axis_name='i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.pmax(v, axis_name='i') - lax.pmin(v, axis_name='i'), axis_name='i')(x))
print(jax.pmap(lambda v: v + lax.axis_index(axis_name='i'), axis_name='i')(x))
