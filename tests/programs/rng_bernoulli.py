# bernoulli: scalar and array p, explicit shapes broadcasting p, mode='high', float16 p, frequencies.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(8)
print(jax.random.bernoulli(key))
print(jax.random.bernoulli(key, 0.3, (10,)))
print(jax.random.bernoulli(key, jnp.array([0.0, 0.25, 0.5, 0.75, 1.0])))
print(jax.random.bernoulli(key, jnp.array([0.1, 0.9]), (3, 2)))
print(jax.random.bernoulli(key, p=0.5, shape=(2, 4), mode='high'))
print(jax.random.bernoulli(key, jnp.float16(0.5), (6,)), jax.random.bernoulli(key, 0.7, (3,)).dtype)
b = jax.random.bernoulli(jax.random.PRNGKey(1), 0.2, (100000,))
print(jnp.sum(b), jnp.argmax(b), jnp.mean(b.astype(jnp.float32)))
print(jnp.sum(jax.random.bernoulli(jax.random.PRNGKey(1), 1e-3, (100000,), mode='high')))
