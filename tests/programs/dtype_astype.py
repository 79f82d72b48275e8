# astype conversions: float->int truncation, saturation to int32/uint8, int->uint8 wrap, ->bool, bf16/f16 rounding.
import jax.numpy as jnp

f = jnp.array([1.7, -1.7, 2.5, -0.5, 0.0, 255.9])
print(f.astype(jnp.int32), f.astype(jnp.int32).dtype)
print(f.astype(jnp.uint8))
print(jnp.array([-1, 256, 300, 255]).astype(jnp.uint8))
print(jnp.array([0.0, 0.5, -1.0]).astype(jnp.bool_), jnp.array([0, 2, -3]).astype(bool))
print(jnp.array([True, False]).astype(jnp.float32), jnp.array([True, False]).astype(jnp.int32))
print(jnp.array([1 / 3, 1000.7, 65519.0, 70000.0]).astype(jnp.float16))
print(jnp.array([1 / 3, 1000.7, 3.0e38, 257.0]).astype(jnp.bfloat16))
print(jnp.array([3e9, -3e9, 2147483520.0]).astype(jnp.int32))
print(jnp.array([200, 100], dtype=jnp.uint8).astype(jnp.int32) * 2, jnp.arange(3).astype(float) / 2)
print(jnp.float32(3.99).astype(jnp.int32), jnp.array(7).astype(jnp.float16).dtype)
print(jnp.int32(3.7), jnp.uint8(255), jnp.bool_(2), jnp.float16(1 / 3), jnp.bfloat16(1 / 3), jnp.float32(1 / 3))
print(jnp.array(65504.0, dtype=jnp.float16) * 2, jnp.array([1, 2]).astype(jnp.bfloat16) / 3)
