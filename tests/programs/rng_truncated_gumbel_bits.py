# truncated_normal bounds and shapes, raw bits in 8/16/32 bits, gumbel (low/high modes), exponential.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(12)
print(jax.random.truncated_normal(key, -1.0, 1.0, (5,)))
print(jax.random.truncated_normal(key, jnp.array([-2.0, 0.0, 1.0]), 2.0))
print(jax.random.truncated_normal(key, 0.0, jnp.inf, (4,)))
t = jax.random.truncated_normal(jax.random.PRNGKey(2), -0.5, 0.5, (10000,))
print(jnp.min(t) > -0.5, jnp.max(t) < 0.5, jnp.mean(t))
print(jax.random.truncated_normal(key, -1.0, 1.0, (3,), jnp.float16))
print(jax.random.bits(key), jax.random.bits(key, (4,)))
print(jax.random.bits(key, (4,), jnp.uint8), jax.random.bits(key, (4,), jnp.uint16))
print(jax.random.gumbel(key, (4,)))
print(jax.random.gumbel(key, (4,), mode='high'))
print(jax.random.exponential(key, (4,)), jax.random.exponential(key, (2,), jnp.float16))
