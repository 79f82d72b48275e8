# uniform/normal with dtype=float16/bfloat16 use 16-bit draws: values differ from float32 draws.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
print(jax.random.uniform(key, (3,), dtype=jnp.float16), jax.random.uniform(key, (3,), dtype=jnp.bfloat16))
print(jax.random.normal(key, (3,), dtype=jnp.float16), jax.random.normal(key, (3,), dtype=jnp.bfloat16))
print(jax.random.uniform(jax.random.PRNGKey(1), (2, 2), dtype=jnp.float16, minval=-2.0, maxval=2.0))
print(jax.random.normal(key, (2,), dtype=jnp.float16).dtype, jax.random.uniform(key, (2,), dtype=jnp.bfloat16).dtype)
