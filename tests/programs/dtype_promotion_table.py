# Binary promotion between the subset dtypes (jnp.promote_types lattice), checked via results.
import jax.numpy as jnp

vals = [
    jnp.array([1, 2], dtype=jnp.uint8),
    jnp.array([1, 2], dtype=jnp.int32),
    jnp.array([1, 2], dtype=jnp.float16),
    jnp.array([1, 2], dtype=jnp.bfloat16),
    jnp.array([1, 2], dtype=jnp.float32),
    jnp.array([True, False]),
]
for a in vals:
    row = []
    for b in vals:
        row.append(str((a + b).dtype))
    print(a.dtype, row)
print(jnp.array([250, 10], dtype=jnp.uint8) + jnp.array([10, 10], dtype=jnp.uint8))
print(jnp.array([250, 10], dtype=jnp.uint8) + jnp.array([10, 10]))
print(jnp.array([1, 2], dtype=jnp.bfloat16) + jnp.array([0.5, 0.25], dtype=jnp.float16))
print(jnp.array([True, False]) + jnp.array([True, True]), jnp.array([True, False]) * jnp.array([True, True]))
