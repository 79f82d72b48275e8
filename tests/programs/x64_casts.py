# Conversions with x64: float64 to every integer width (truncation, saturation, NaN), int64/uint64 to floats.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

f = jnp.array([3.7, -3.7, 0.5, -0.5, 1e10, -1e10, 1e20, -1e20, 255.9, 256.0, -129.0, 2.0**63, 2.0**64])
for dt in [jnp.int8, jnp.int16, jnp.int32, jnp.int64, jnp.uint8, jnp.uint16, jnp.uint32, jnp.uint64, jnp.bool_]:
    print(jnp.dtype(dt), f.astype(dt))
    print("jit", jax.jit(lambda v: v.astype(dt))(f))
nan = jnp.array([jnp.nan, jnp.inf, -jnp.inf])
print(nan.astype(jnp.int64), nan.astype(jnp.int32), nan.astype(jnp.uint64))
i = jnp.array([2**53 + 1, -(2**60) - 1, 16777217, 9223372036854775807])
print(i.astype(jnp.float64), i.astype(jnp.float32), i.astype(jnp.int32), i.astype(jnp.uint8), i.astype(jnp.int16))
print(jax.jit(lambda v: (v.astype(jnp.float64), v.astype(jnp.float32), v.astype(jnp.int32)))(i))
u = jnp.array([-1, -(2**62) * 2, 5]).astype(jnp.uint64)
print(u.astype(jnp.float64), u.astype(jnp.int64), u.astype(jnp.float32), u.astype(jnp.uint8))
x32 = jnp.array([0.1, 1 / 3, 16777217.0], dtype=jnp.float32)
print(x32.astype(jnp.float64), jnp.array([0.1, 1 / 3, 1e39]).astype(jnp.float32))
print(jnp.array([0.1, 65504.0, 1e5]).astype(jnp.float16), jnp.array([0.1, 3.0e38]).astype(jnp.bfloat16))
print(jnp.float16(0.1).astype(jnp.float64), jnp.array([True, False]).astype(jnp.float64))
print(jnp.int32(-5).astype(jnp.uint64), jnp.int8(-1).astype(jnp.uint64), jnp.uint32(4000000000).astype(jnp.int64))
print(jnp.float64(-0.0).astype(jnp.float32), jnp.array(1e-310).astype(jnp.float32))
