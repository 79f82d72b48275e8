# uint8 arithmetic wraps modulo 256; weak ints stay uint8; comparisons and mixed-int promotion.
import jax.numpy as jnp

u = jnp.array([0, 1, 128, 255], dtype=jnp.uint8)
print(u + 1, u - 1, u * 2, -u)
print(u + 300, u // 3, u % 7)
print(u > 100, u == 255, jnp.maximum(u, 100))
print(u + jnp.array([1, 1, 1, 1]), (u + jnp.array([1, 1, 1, 1])).dtype)
print(u.astype(jnp.int32) - 1, jnp.sum(u), jnp.cumsum(u))
print(jnp.uint8(250) + 10, jnp.uint8(3) - 5, jnp.uint8(16) * 16)
print(jnp.array([True, False]) + jnp.uint8(1), (jnp.array([True]) + jnp.uint8(1)).dtype)
print(jnp.abs(u), jnp.sign(u), jnp.clip(u, 10, 200))
