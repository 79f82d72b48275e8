# conform: error=ValueError line=9
# Mapped axis of 8 on 4 devices (divisible): more shards than devices.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(8.0)
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(x[:4]))
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(x))
