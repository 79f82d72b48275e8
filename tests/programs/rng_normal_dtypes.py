# normal via erf_inv in float32/float16/bfloat16, scalar and batched shapes, moments of a large sample.
import jax
import jax.numpy as jnp

for seed in [0, 1, 99]:
    print(jax.random.normal(jax.random.PRNGKey(seed), (6,)))
key = jax.random.PRNGKey(21)
print(jax.random.normal(key), jax.random.normal(key, ()).shape)
print(jax.random.normal(key, (3, 4)))
print(jax.random.normal(key, (5,), jnp.float16))
print(jax.random.normal(key, (5,), jnp.bfloat16))
print(jax.random.normal(key, (2,), dtype='float16').dtype, jax.random.normal(key, (2,), dtype=jnp.bfloat16).dtype)
x = jax.random.normal(jax.random.PRNGKey(17), (20000,))
print(jnp.mean(x), jnp.std(x), jnp.argmax(x), jnp.argmin(x), jnp.sum(jnp.abs(x) > 3))
y = jax.random.normal(jax.random.PRNGKey(17), (20000,), jnp.float16)
print(jnp.mean(y.astype(jnp.float32)), jnp.max(y), jnp.min(y))
