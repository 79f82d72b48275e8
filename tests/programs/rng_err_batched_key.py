# conform: error=ValueError line=7
# samplers take a single key: a batch of keys from split() is rejected (JAX: use vmap).
import jax

keys = jax.random.split(jax.random.PRNGKey(0), 3)
print(keys.shape)
print(jax.random.uniform(keys, (2,)))
