# choice: with/without replacement, ints and arrays, axis, shapes, p (inverse CDF) and p without replacement (Gumbel top-k).
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(4)
print(jax.random.choice(key, 10, (5,)))
print(jax.random.choice(key, 5), jax.random.choice(key, 5, ()).shape)
print(jax.random.choice(key, jnp.arange(5) * 1.5, (2, 2)))
print(jax.random.choice(key, 10, (5,), replace=False))
print(jax.random.choice(key, jnp.arange(10) * 2, [3], replace=False))
m = jnp.arange(12).reshape(3, 4)
print(jax.random.choice(key, m, (2,)))
print(jax.random.choice(key, m, (2,), axis=1))
print(jax.random.choice(key, m, (2, 2), replace=False, axis=1))
p = jnp.array([0.1, 0.2, 0.3, 0.4])
print(jax.random.choice(key, 4, (8,), p=p))
print(jax.random.choice(key, jnp.array([10, 20, 30, 40]), (2, 3), p=p))
print(jax.random.choice(key, 4, (3,), replace=False, p=p))
print(jax.random.choice(key, 5, (5,), replace=False, p=jnp.array([0.0, 0.5, 0.2, 0.2, 0.1])))
print(jax.random.choice(key, 3, (0,)), jax.random.choice(key, 3, (6,), p=jnp.array([1, 0, 3])))
c = jax.random.choice(jax.random.PRNGKey(6), 3, (30000,), p=jnp.array([0.2, 0.3, 0.5]))
print(jnp.sum(c == 0), jnp.sum(c == 1), jnp.sum(c == 2))
