# Jitted functions called with keyword arguments and defaults; Python scalars become weak-typed arguments.
import jax
import jax.numpy as jnp

def scale_shift(x, scale=2.0, shift=0.0):
    return x * scale + shift

f = jax.jit(scale_shift)
x = jnp.arange(3.0)
print(f(x), f(x, 3.0), f(x, shift=1.0), f(x, scale=-1.0, shift=10.0), f(x=x, scale=0.5))
g = jax.jit(lambda a, b=1: a - b)
print(g(5), g(5, b=2), g(jnp.array([5, 6])))
print((g(5),), (g(jnp.int32(5)),), (f(1, 2, 3),))
