# uniform in float32, float16 and bfloat16 (16-bit and 8-bit draws), float64 requests (x64 off), with minval/maxval.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(5)
for dt in [jnp.float32, jnp.float16, jnp.bfloat16, 'float32', jnp.float64]:
    x = jax.random.uniform(key, (5,), dtype=dt)
    print(x.dtype, x)
print(jax.random.uniform(key, (2, 3), jnp.float16, -2.0, 2.0))
print(jax.random.uniform(key, (2, 3), jnp.bfloat16, 10.0, 20.0))
print(jax.random.uniform(key, (4,), jnp.float16, minval=jnp.float16(0.25), maxval=0.5))
h = jax.random.uniform(jax.random.PRNGKey(8), (4096,), jnp.float16)
b = jax.random.uniform(jax.random.PRNGKey(8), (4096,), jnp.bfloat16)
print(jnp.sum(h.astype(jnp.float32)), jnp.sum(b.astype(jnp.float32)), jnp.max(h), jnp.max(b))
print(jax.random.uniform(key, (), jnp.bfloat16), jax.random.uniform(key, (), jnp.float16, 1.0, 3.0))
