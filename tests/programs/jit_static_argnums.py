# static_argnums (int, tuple, negative-free), decorator form via partial; static values in shapes and range.
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=1)
def make(x, n):
    return jnp.zeros(n) + x

print(make(1.5, 3), make(2.0, 2))

@partial(jax.jit, static_argnums=(1, 2))
def pad_repeat(x, times, mode):
    out = x
    for _ in range(times - 1):
        out = jnp.concatenate([out, x])
    if mode == 'neg':
        out = -out
    return out

print(pad_repeat(jnp.arange(2), 3, 'neg'), pad_repeat(jnp.arange(2), 2, 'pos'))

def poly(x, coeffs):
    acc = jnp.zeros_like(x)
    for c in coeffs:
        acc = acc * x + c
    return acc

fast = jax.jit(poly, static_argnums=(1,))
print(fast(jnp.array([1.0, 2.0]), (1.0, 0.0, -1.0)), fast(jnp.array([3.0]), (2.0, 1.0)))
shape_of = jax.jit(lambda x, axis: jnp.sum(x, axis=axis), static_argnums=1)
print(shape_of(jnp.ones((2, 3)), 0), shape_of(jnp.ones((2, 3)), 1), shape_of(jnp.ones((2, 3)), None))
