# jax.random.key (typed keys): same streams as PRNGKey for sampling and splitting.
import jax
import jax.numpy as jnp

k = jax.random.key(0)
print(k.shape, jax.random.uniform(k, (4,)))
print(jax.random.normal(k, (3,)))
a, b = jax.random.split(k)
print(jax.random.uniform(a, (2,)), jax.random.uniform(b, (2,)))
print(jax.random.split(k, 5).shape)
same = jax.random.uniform(jax.random.PRNGKey(0), (4,)) == jax.random.uniform(jax.random.key(0), (4,))
print(same)
print(jax.random.normal(jax.random.key(2024), (2, 2)))
