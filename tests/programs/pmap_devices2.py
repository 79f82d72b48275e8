# conform: devices=2
# pmap on 2 devices: leading axis smaller than, and equal to, the device count.
import jax
import jax.numpy as jnp
from jax import lax

print(jax.device_count())
print(jax.pmap(lambda v: v * 10)(jnp.array([1, 2])))
print(jax.pmap(lambda v: v * 10)(jnp.array([7])))
print(jax.pmap(lambda v: lax.psum(v, 'd'), axis_name='d')(jnp.arange(4.0).reshape(2, 2)))
print(jax.pmap(lambda v: lax.axis_size('d') * 100 + lax.axis_index('d'), axis_name='d')(jnp.zeros(2)))
print(jax.pmap(lambda v: lax.axis_size('d') * 100 + lax.axis_index('d'), axis_name='d')(jnp.zeros(1)))
