# split: default 2, num=k, unpacking, chains of splits; subkeys drive different samples.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
k1, k2 = jax.random.split(key)
print(k1, k2)
print(jax.random.split(key))
print(jax.random.split(key, 3))
print(jax.random.split(key, 1).shape, jax.random.split(key, 4).dtype)
print(jax.random.uniform(k1, (3,)), jax.random.uniform(k2, (3,)))
key, sub = jax.random.split(jax.random.PRNGKey(42))
print(key, sub)
for i in range(3):
    key, sub = jax.random.split(key)
    print(i, jax.random.normal(sub, (2,)))
keys = jax.random.split(jax.random.PRNGKey(9), 4)
print(jax.random.uniform(keys[2], (2,)), keys[-1])
