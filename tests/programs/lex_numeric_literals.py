# Integer and float literal forms, underscores, exponents, leading/trailing dots.
import jax.numpy as jnp

print(1_000_000, 0, 00, 7, 1_0)
print(.5, 1., 1e3, 2.5e-3, 1E2, 1e+2, 3.25e0, 0.0001, 1e-4, 1e-5)
print(1_000.5, 6.02e23, 1e16, 1e15, 123456789.0, 0.1 + 0.2)
a = jnp.array([1_000, 2_000])
print(a, a.dtype)
b = jnp.array([.5, 1., 2e1])
print(b, b.dtype)
print(-1, - 1, +2, -(-3), --4, -1e-3)
print(10 ** 18, 2 ** 62, -2 ** 2, (-2) ** 2)
