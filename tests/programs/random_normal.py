# Normal sampling bit-exact with JAX: scalar, vectors, matrices, dtypes, different seeds.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
print(jax.random.normal(key))
print(jax.random.normal(key, (5,)))
print(jax.random.normal(key, (2, 3)))
print(jax.random.normal(jax.random.PRNGKey(123), (4,)))
x = jax.random.normal(jax.random.PRNGKey(5), (1000,))
print(x.shape, x.dtype, jnp.mean(x), jnp.sqrt(jnp.mean(x * x)), jnp.max(x), jnp.argmin(x))
print(jax.random.normal(key, (3,)) * 2.0 + 1.0)
