# Default dtypes of jax.numpy with x64 off and then on (jnp.float64 requests truncated while off).
import jax
import jax.numpy as jnp

print(jax.config.jax_enable_x64, jax.config.read("jax_enable_x64"))
print(jnp.float64, jnp.int64, jnp.uint64, jnp.float64 == jnp.float32, jnp.dtype(jnp.float64), jnp.dtype("int64"))
print(jnp.zeros(2, dtype=jnp.float64).dtype, jnp.ones(2, dtype="int64").dtype, jnp.float64(1.5).dtype)
print(jnp.arange(3).dtype, jnp.array(1.0).dtype, jnp.array(1).dtype, jnp.zeros(2).dtype)
print(jnp.zeros(2, dtype=float).dtype, jnp.zeros(2, dtype=int).dtype, jnp.arange(3.0).astype(jnp.float64).dtype)
print(jnp.zeros(2).dtype == jnp.float64, jnp.zeros(2).dtype == "float32", jnp.float64(1) / 3)

jax.config.update("jax_enable_x64", True)
print(jax.config.jax_enable_x64)
print(jnp.arange(3).dtype, jnp.array(1.0).dtype, jnp.array(1).dtype, jnp.zeros(2).dtype, jnp.ones(3).dtype)
print(jnp.zeros(2, dtype=float).dtype, jnp.zeros(2, dtype=int).dtype, jnp.full(2, 7).dtype, jnp.full(2, 7.5).dtype)
print(jnp.linspace(0, 1, 3).dtype, jnp.eye(2).dtype, jnp.arange(0, 1, 0.25).dtype, jnp.arange(0, 1, 0.25))
print(jnp.float64(1.5).dtype, jnp.int64(3).dtype, jnp.float32(1.5).dtype, jnp.zeros(2, jnp.int32).dtype)
print(jnp.zeros(2).dtype == jnp.float64, jnp.float64(1) / 3, jnp.array([1, 2]) * 2**40)
print(jnp.argmax(jnp.array([1.0, 3.0])).dtype, jnp.count_nonzero(jnp.array([1, 0])).dtype)
print(jnp.array(3.0).astype(int).dtype, jnp.array(3).astype(float).dtype, jnp.ones(2, dtype=jnp.int_).dtype)
x = jnp.arange(5)
print(x.dtype, (x / 2).dtype, jnp.mean(x), jnp.sum(x).dtype, (x * 1.0).dtype)
print(jnp.array(2**62), jnp.array(1e300) * 10, jnp.array(1e-310))
jax.config.update("jax_enable_x64", False)
print(jnp.arange(3).dtype, jnp.array(1.0).dtype)
