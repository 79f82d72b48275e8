# RUN: %parax %s | FileCheck %s
import jax.numpy as jnp

u8 = jnp.uint8(200)
i8 = jnp.int8(-3)
bf = jnp.bfloat16(1.5)
print((u8 + 100).dtype, u8 + 100)
print((u8 + i8).dtype, (jnp.uint32(1) + jnp.int32(1)).dtype)
print((bf * 2).dtype, (bf * jnp.float16(2)).dtype, (i8 * 0.5).dtype)
print(jnp.promote_types(jnp.uint16, jnp.int8), jnp.promote_types(jnp.bool_, jnp.uint8))

# Expected output from JAX (x64 disabled).
# CHECK:      uint8 44
# CHECK-NEXT: int16 int32
# CHECK-NEXT: bfloat16 float32 float32
# CHECK-NEXT: int32 uint8
