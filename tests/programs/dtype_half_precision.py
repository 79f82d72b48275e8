# float16 and bfloat16 arithmetic rounding, overflow to inf, and mixed promotion to float32.
import jax.numpy as jnp

h = jnp.array([0.1, 1.0, 1000.0, 60000.0], dtype=jnp.float16)
b = jnp.array([0.1, 1.0, 1000.0, 3.0e38], dtype=jnp.bfloat16)
print(h)
print(b)
print(h * 2, h + 0.001)
print(b * 2, b + 0.001)
print(h.astype(jnp.float32), b.astype(jnp.float32))
print(h + b, (h + b).dtype)
print(jnp.sqrt(h), jnp.exp(b[:2]))
print(jnp.sum(jnp.ones(8, dtype=jnp.float16)), jnp.sum(jnp.ones(8, dtype=jnp.bfloat16)), jnp.mean(h[:2]), jnp.max(b))
print(jnp.float16(1) / 3, jnp.bfloat16(1) / 3, jnp.float16(2049), jnp.bfloat16(257))
print(jnp.array([1, 2, 3], dtype=jnp.bfloat16) @ jnp.array([4, 5, 6], dtype=jnp.bfloat16))
