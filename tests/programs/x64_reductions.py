# Reductions and scans on float64 / int64 with x64: values and result dtypes.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

x = jnp.arange(24.0).reshape(2, 3, 4) * 0.1 + 0.01
print(jnp.sum(x), jnp.sum(x, axis=0), jnp.sum(x, axis=(1, 2)))
print(jnp.prod(x[0]), jnp.max(x, axis=1), jnp.min(x, axis=2))
print(jnp.mean(x), jnp.mean(x, axis=2), jnp.var(x), jnp.std(x, axis=0))
print(jnp.argmax(x, axis=2), jnp.argmin(x), jnp.argmax(x).dtype)
print(jnp.cumsum(x[0], axis=1), jnp.cumprod(x[1, 0]))
print(jnp.sum(jnp.arange(1, 100) * 0.01), jnp.mean(jnp.arange(7.0)))
t = jnp.arange(1, 1001, dtype=jnp.float64) ** -2
print(jnp.sum(t), jnp.sqrt(6 * jnp.sum(t)))
n = jnp.array([[3, -1, 2**40], [7, 5, -(2**35)]])
print(jnp.sum(n), jnp.sum(n, axis=1), jnp.prod(n, axis=0), jnp.max(n), jnp.min(n, axis=0))
print(jnp.cumsum(n, axis=1), jnp.argmax(n, axis=1), jnp.sum(n).dtype)
b = jnp.array([True, False, True, True])
print(jnp.sum(b), jnp.sum(b).dtype, jnp.cumsum(b), jnp.cumsum(b).dtype, jnp.count_nonzero(b).dtype)
i8 = jnp.array([100, 100, 100], dtype=jnp.int8)
print(jnp.sum(i8), jnp.sum(i8).dtype, jnp.sum(jnp.arange(3, dtype=jnp.int32)).dtype)
print(jnp.sum(jnp.array([1, 2], dtype=jnp.uint8)).dtype, jnp.sum(jnp.array([1, 2], dtype=jnp.uint32)).dtype)
print(jnp.mean(jnp.arange(10)).dtype, jnp.mean(jnp.arange(10, dtype=jnp.float32)).dtype)
print(jnp.max(jnp.array([1.0, jnp.nan, 3.0])), jnp.min(jnp.array([-0.0, 0.0])), jnp.max(jnp.array([-0.0, 0.0])))
f = jax.jit(lambda v: (jnp.sum(v), jnp.max(v, axis=0), jnp.argmin(v, axis=1), jnp.mean(v * v), jnp.cumsum(v, axis=0)))
print(f(x[0]))
print(f(n))
