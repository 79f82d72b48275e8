# PRNGKey raw keys and uniform sampling: shapes, minval/maxval, dtypes; bit-exact threefry values.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
print(key, key.dtype, key.shape)
print(jax.random.PRNGKey(42), jax.random.PRNGKey(2 ** 31 - 1), jax.random.PRNGKey(-1))
print(jax.random.uniform(key))
print(jax.random.uniform(key, (5,)))
print(jax.random.uniform(key, (2, 3), minval=-1.0, maxval=1.0))
print(jax.random.uniform(jax.random.PRNGKey(1), shape=(4,)))
print(jax.random.uniform(key, (3,), minval=5, maxval=6).dtype, jax.random.uniform(key, ()).shape)
print(jax.random.uniform(jax.random.PRNGKey(7), (7,)))
