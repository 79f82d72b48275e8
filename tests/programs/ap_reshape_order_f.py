# jnp.reshape / ravel with order='F' (column-major) must not be silently read as order='C'.
import jax
import jax.numpy as jnp

x = jnp.arange(6)
print(jnp.reshape(x, (3, 2), order='F'))
print(jnp.reshape(x, (2, 3), order='C'))
m = jnp.arange(6).reshape(2, 3)
print(jnp.ravel(m, order='F'))
print(jax.jit(lambda v: jnp.reshape(v, (2, 3), order='F'))(x))
