# Integer and bool arrays: common width padding, negative numbers, uint8, bool spacing.
import jax.numpy as jnp

print(jnp.array([1, 22, 333]), jnp.array([-1, 5]), jnp.array([-100, 7, 0]))
print(jnp.arange(6).reshape(2, 3) * 17)
print(jnp.array([True, False, True]))
print(jnp.array([[True], [False]]))
print(jnp.array([0, 255, 17], dtype=jnp.uint8))
print(jnp.array([2147483647, -2147483648]))
print(jnp.arange(12).reshape(3, 4) - 6)
print(jnp.array([True]), jnp.array([False]))
