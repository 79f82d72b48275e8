# split (default 2, num=k, tuple shapes, 0 and 1 keys) and fold_in (ints, uint32 arrays, chains) are bit-exact key streams.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(2024)
print(jax.random.split(key))
print(jax.random.split(key, 5))
print(jax.random.split(key, num=(2, 3)))
print(jax.random.split(key, 1), jax.random.split(key, 0).shape)
a, b, c = jax.random.split(jax.random.PRNGKey(1), 3)
print(a, b, c)
for d in [0, 1, 7, 123456, 2 ** 32 - 1]:
    print(d, jax.random.fold_in(key, d))
print(jax.random.fold_in(key, jnp.uint32(5)), jax.random.fold_in(key, jnp.int32(-2)), jax.random.fold_in(key, jnp.int8(3)))
k = jax.random.PRNGKey(0)
for i in range(4):
    k = jax.random.fold_in(k, i)
    k, sub = jax.random.split(k)
    print(i, k, sub)
keys = jax.random.split(jax.random.PRNGKey(5), 8)
print(keys[3], jax.random.split(keys[7], 2))
print(jax.random.key_data(jax.random.fold_in(jax.random.key(4), 10)) == jax.random.fold_in(jax.random.PRNGKey(4), 10))
