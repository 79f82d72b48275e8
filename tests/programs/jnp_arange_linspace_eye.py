# arange (int/float/negative step/empty), linspace (endpoint, num=1, dtype), eye (k, rectangular, dtype).
import jax.numpy as jnp

print(jnp.arange(5), jnp.arange(2, 7), jnp.arange(10, 0, -3), jnp.arange(0, 1, 0.25), jnp.arange(4.0))
print(jnp.arange(5, 2), jnp.arange(0), jnp.arange(1, 2, 0.3), jnp.arange(-2.5, 2.5))
print(jnp.arange(0, 1, 0.1))
print(jnp.arange(3, dtype=jnp.float32), jnp.arange(0.0, 3.0, 1.0).dtype, jnp.arange(3, dtype=jnp.uint8))
print(jnp.linspace(0, 1, 5), jnp.linspace(0, 1, 4, endpoint=False), jnp.linspace(2, 3, 1))
print(jnp.linspace(-1, 1, 7), jnp.linspace(0, 10, 4, dtype=jnp.int32), jnp.linspace(1.0, 0.0, 3))
print(jnp.linspace(0, 1, 11))
print(jnp.eye(3), jnp.eye(2, dtype=jnp.int32))
print(jnp.eye(3, 4, k=1), jnp.eye(4, 3, k=-1))
print(jnp.eye(3, k=5), jnp.eye(2, 3, dtype=jnp.bool_))
