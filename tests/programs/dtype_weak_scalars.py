# Python scalars are weakly typed: they adopt the array's dtype; weak_type shows in repr.
import jax.numpy as jnp

i = jnp.array([1, 2, 3])
f = jnp.array([1.0, 2.0])
h = jnp.array([1.0, 2.0], dtype=jnp.float16)
b = jnp.array([1.0, 2.0], dtype=jnp.bfloat16)
u = jnp.array([1, 2], dtype=jnp.uint8)
print((i + 1).dtype, (i * 2.5).dtype, (f + 1).dtype, (h + 1.5).dtype, (b * 3).dtype, (u + 7).dtype, (u * 0.5).dtype)
print(i * 2.5, h * 2.5, u * 0.5)
print((jnp.array(3) + 2.5,))
print((jnp.array(3.0) * 2,))
print((jnp.asarray(2),), (jnp.asarray(2, dtype=jnp.int32),))
print((jnp.array([1, 2]),), (jnp.full((2,), 3),), (jnp.full((2,), 3.0),))
print((jnp.float32(2) + jnp.array(3.0),), (jnp.array(2) * jnp.array(3.0),))
print((2.5 + jnp.array(3),), (jnp.float16(2) + jnp.array(3.0),), (jnp.uint8(2) + jnp.array(3),))
print((jnp.uint8(2) + jnp.array(3.0),), (jnp.int32(2) + 1.5,), (jnp.sum(i) + 0.5,))
