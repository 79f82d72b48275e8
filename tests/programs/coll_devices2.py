# conform: devices=2
# Collectives on 2 devices: swap via ppermute, gather, psum of pytrees with mixed dtypes.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([[1.0, 2.0], [3.0, 4.0]])
print(jax.pmap(lambda v: lax.ppermute(v, 'p', [(0, 1), (1, 0)]), axis_name='p')(x))
print(jax.pmap(lambda v: lax.all_gather(v, 'p', axis=1), axis_name='p')(x))
print(jax.pmap(lambda v: lax.psum((v, v.astype(jnp.int32), v > 1.5), 'p'), axis_name='p')(x))
print(jax.pmap(lambda v: lax.pmean(v, 'p') * lax.axis_index('p'), axis_name='p')(x))
