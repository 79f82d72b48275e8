# JAX's type promotion with x64 enabled: 64-bit types, weak Python scalars, result_type/promote_types.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

types = [jnp.bool_, jnp.uint8, jnp.uint32, jnp.uint64, jnp.int8, jnp.int32, jnp.int64,
         jnp.float16, jnp.bfloat16, jnp.float32, jnp.float64]
for a in types:
    print(jnp.dtype(a), [str(jnp.promote_types(a, b)) for b in types])
vals = [jnp.array([1, 2], dtype=t) for t in types]
for v in vals:
    print(v.dtype, (v + 1).dtype, (v + 1.5).dtype, (v * True).dtype, (v + jnp.int64(1)).dtype,
          (v + jnp.float64(1)).dtype)
print(jnp.result_type(1, 2.0), jnp.result_type(jnp.int8, 1), jnp.result_type(jnp.uint32, jnp.int32))
print(jnp.result_type(jnp.float32, 1.0), jnp.result_type(jnp.int64, jnp.uint64), jnp.result_type(1))
print((jnp.array(1) + 1).dtype, (jnp.array(1.0) * 2).dtype, (3 * jnp.array([1, 2], dtype=jnp.uint8)).dtype)
print(jnp.array(2**40) + 1, jnp.array([1, 2], dtype=jnp.int32) + 2**33)
print((jnp.arange(3) / 2).dtype, (jnp.arange(3, dtype=jnp.int32) / 2).dtype, jnp.sqrt(jnp.arange(3)).dtype)
print((jnp.arange(3, dtype=jnp.int16) / 2).dtype, (jnp.arange(3, dtype=jnp.uint64) / 2).dtype)
print(jnp.where(jnp.array([True, False]), 1, 2.5).dtype, jnp.where(True, jnp.int32(1), 2).dtype)
print(jnp.concatenate([jnp.array([1], dtype=jnp.int32), jnp.array([2])]).dtype)
print(jnp.array([1, 2.5]).dtype, jnp.array([1, 2]).dtype, jnp.array([True, 2]).dtype, jnp.array([]).dtype)
print(jnp.asarray(3).dtype, jnp.asarray(3.0).dtype, jnp.asarray(3).weak_type if hasattr(jnp.asarray(3), "weak_type") else "")
