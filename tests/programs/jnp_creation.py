# Creation functions: array/asarray, zeros/ones/full (+_like), dtypes inferred and explicit.
import jax.numpy as jnp

print(jnp.array([[1, 2], [3, 4]]), jnp.array([1, 2.5]), jnp.array([True, 2]).dtype)
print(jnp.asarray([1.0, 2.0]), jnp.asarray(jnp.arange(2)), jnp.array((1, 2, 3)))
print(jnp.zeros(3), jnp.zeros((2, 2), dtype=jnp.int32), jnp.ones((2,)), jnp.ones(2, jnp.uint8))
print(jnp.full((2, 3), 7), jnp.full(2, 2.5), jnp.full((2,), True), jnp.full((1, 2), 3, dtype=jnp.float16))
x = jnp.arange(6.0).reshape(2, 3)
print(jnp.zeros_like(x), jnp.ones_like(jnp.arange(3)), jnp.full_like(x, -1))
print(jnp.full_like(jnp.arange(3), 2.7), jnp.zeros_like(x, dtype=jnp.int32), jnp.ones_like(x).dtype)
print(jnp.array(5).shape, jnp.zeros(()).shape, jnp.zeros((3, 0, 2)).shape, jnp.full((), 4.0))
print(jnp.array([[1.5]]).ndim, jnp.array([jnp.arange(2), jnp.arange(2) * 3]))
print(jnp.array(jnp.array([1, 2]), dtype=jnp.float32), jnp.asarray([1, 2], dtype=jnp.bfloat16))
