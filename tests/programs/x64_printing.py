# conform: exact
# numpy printing of float64 / int64 / uint64 arrays and scalars with x64 (layout checked exactly).
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

print(jnp.array(0.1), jnp.array(1 / 3), jnp.array(1e16), jnp.array(123456789.123456789))
print(jnp.array([0.1, 0.2, 0.30000000000000004]))
print(jnp.array([1.0, 2.5, 1e8]), jnp.array([1e-5, 1.0]), jnp.array([1.0, 1000.0, 1e7]))
print(jnp.array([3.141592653589793, 2.718281828459045, -1.4142135623730951]))
print(repr(jnp.array([1.5, -2.0, 3.25])))
print(repr(jnp.array(2.0 ** 0.5)))
print(repr(jnp.arange(6.0).reshape(2, 3) / 7))
print(jnp.array([jnp.nan, jnp.inf, -jnp.inf, 1.0]), jnp.array([1e300, 1e-300]))
print(jnp.array([123456789012345678, -5, 7]), repr(jnp.array([2**62, -(2**62) * 2])))
print(jnp.array([-1, 0]).astype(jnp.uint64), repr(jnp.array([1, 2], dtype=jnp.uint64)))
print(repr(jnp.array(5)), repr(jnp.array(5.0)), repr(jnp.float64(0.1)))
print(jnp.linspace(0, 1, 11))
print(jnp.arange(40.0) / 3)
print(jnp.float64(1e-5), jnp.float64(1e15), jnp.float64(1e16), jnp.float64(123.456), jnp.float64(-0.0))
print(str(jnp.array(0.1 + 0.2)), float(jnp.array(0.1 + 0.2)), int(jnp.array(2**50)))
print(jnp.array(0.1 + 0.2).item(), jnp.array([1.1, 2.2]).tolist(), f"{jnp.float64(1/3):.12f}")
print(jnp.arange(3).dtype, jnp.zeros((2, 2)))
