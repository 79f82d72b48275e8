# Rank 0..4 arrays: nested brackets, blank lines between blocks, shapes with size-1 and size-0 axes.
import jax.numpy as jnp

print(jnp.array(5))
print(jnp.arange(3))
print(jnp.arange(6).reshape(2, 3))
print(jnp.arange(12.0).reshape(2, 2, 3))
print(jnp.arange(16).reshape(2, 2, 2, 2))
print(jnp.zeros((1, 1, 1)))
print(jnp.ones((2, 1, 2), dtype=jnp.int32))
print(jnp.zeros((0,)), jnp.zeros((2, 0)), jnp.zeros((0, 3), dtype=jnp.int32))
print(jnp.zeros((2, 0)).shape, jnp.arange(0).size)
print(jnp.arange(24).reshape(2, 3, 4)[:, :, ::3])
