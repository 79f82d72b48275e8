# permutation: ints, 1-D arrays, 2-D along axis 0/1, independent rows, sizes needing two sort rounds (> 1625 elements).
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(3)
print(jax.random.permutation(key, 10))
print(jax.random.permutation(key, 1), jax.random.permutation(key, 2), jax.random.permutation(key, jnp.int32(5)))
print(jax.random.permutation(key, jnp.arange(6) * 10))
print(jax.random.permutation(key, jnp.array([1.5, -2.0, 3.25, 0.0])))
m = jnp.arange(12).reshape(3, 4)
print(jax.random.permutation(key, m))
print(jax.random.permutation(key, m, axis=1))
print(jax.random.permutation(key, m, axis=-1, independent=True))
print(jax.random.permutation(key, m, 0, True))
p = jax.random.permutation(jax.random.PRNGKey(1), 2000)
print(p[:10], jnp.sum(p), jnp.sum(p * jnp.arange(2000) % 1009))
q = jax.random.permutation(key, 100000)
print(q[:6], q[-6:], jnp.sum(q * jnp.arange(100000) % 997))
print(jnp.sum(jnp.zeros(100000, jnp.int32).at[q].set(1)), jnp.min(q), jnp.max(q))
