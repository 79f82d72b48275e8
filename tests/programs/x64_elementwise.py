# float64 / int64 / uint64 elementwise arithmetic with jax_enable_x64, eager and under jit.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

a = jnp.array([1.5, -2.25, 3.0, 0.1, -0.0, 1e300, 7.0])
b = jnp.array([0.5, 4.0, -3.0, 0.2, 2.0, 1e10, -2.0])
print(a + b, a - b, a * b, a / b)
print(a // b, a % b, jnp.fmod(a, b), jnp.remainder(a, b))
print(jnp.maximum(a, b), jnp.minimum(a, b), jnp.abs(a), -a)
print(jnp.power(jnp.abs(a[:4]), b[:4]), a ** 2)
print(jnp.floor(a), jnp.ceil(a), jnp.round(a), jnp.sign(a), jnp.trunc(a))
print(a > b, a == b, a <= b, jnp.isfinite(a * 1e10), jnp.isnan(a / 0 - a / 0))
print(jnp.float64(0.1) + jnp.float64(0.2), jnp.float64(1) / 3, jnp.float64(2) ** 0.5)
print(jnp.round(jnp.array([0.125, 2.675, -1.005]), 2))

i = jnp.array([7, -7, 2**40, -(2**62), 9223372036854775807, 0])
j = jnp.array([2, 2, 3, 5, 1, 3])
print(i + j, i - j, i * j)
print(i // j, i % j, i // 0, i % 0)
print(i * 1000, i << 3, i >> 2, i & 0xFF, i | 1, i ^ -1, ~i)
print(jnp.maximum(i, j), jnp.minimum(i, j), jnp.abs(i), jnp.sign(i))
print(i > j, i == j)
print(jnp.array([3, -3, 5]) ** 3, jnp.int64(2) ** 62)

# (2**63 and above are written as int64 bit patterns: Python ints here are 64-bit)
u = jnp.array([0, 1, -(2**62) * 2, -1, 12345678901234567]).astype(jnp.uint64)
v = jnp.array([3, 2, 2, 16, 7], dtype=jnp.uint64)
print(u + v, u - v, u * v, u // v, u % v)
print(u >> 1, u << 1, u > v, jnp.maximum(u, v))
print(jnp.zeros(3, dtype=jnp.uint64) - 1)

f = jax.jit(lambda x, y: (x * y + x / y - jnp.maximum(x, y), x // y, x % y))
print(f(a, b))
print(f(i, j))
print(f(u, v))
print(jax.jit(lambda x: x + 1)(jnp.int64(9223372036854775807)))
print(jax.jit(lambda x: x * 2.5)(jnp.arange(5)))
