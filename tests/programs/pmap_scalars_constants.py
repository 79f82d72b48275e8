# Scalars per device, constants returned (broadcast to the mapped size), closures over concrete arrays.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
print(jax.pmap(lambda v: 3)(jnp.arange(n)))
print(jax.pmap(lambda v: 2.5)(jnp.arange(n)))
print((jax.pmap(lambda v: 3)(jnp.arange(n)),))
print(jax.pmap(lambda v: jnp.ones(2))(jnp.arange(n)))
const = jnp.arange(16)
print(jax.pmap(lambda v: v + const[15])(jnp.arange(n)))
print(jax.pmap(lambda v: lax.psum(const, 'i'), axis_name='i')(jnp.arange(n))[0])
table = jnp.array([10.0, 20.0, 30.0, 40.0, 50.0])
print(jax.pmap(lambda i: table[i])(jnp.arange(n)))
print(jax.pmap(lambda v: (v, 7, True))(jnp.arange(n) * 1.5))
