# conform: devices=1
# pmap with a single device: leading axis 1, collectives over one device.
import jax
import jax.numpy as jnp
from jax import lax

print(jax.device_count())
x = jnp.arange(5.0).reshape(1, 5)
print(jax.pmap(lambda v: v + 1)(x))
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.axis_index('i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.all_gather(v, 'i'), axis_name='i')(x).shape)
print(jax.pmap(lambda v: lax.psum(1, 'i'), axis_name='i')(x))
