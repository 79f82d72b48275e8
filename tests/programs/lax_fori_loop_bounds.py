# fori_loop bounds: zero-trip and negative ranges return init; traced bounds under jit; weak int promotion.
import jax
import jax.numpy as jnp
from jax import lax

print(lax.fori_loop(0, 0, lambda i, c: c + 1, 5))
print(lax.fori_loop(5, 2, lambda i, c: c + 1, 5))
print(lax.fori_loop(-3, 3, lambda i, c: c + i * i, 0))
count_to = jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c + 2, 0))
print(count_to(4), count_to(0), count_to(-2))
window = jax.jit(lambda lo, hi, x: lax.fori_loop(lo, hi, lambda i, c: c + x[i], 0.0))
x = jnp.arange(10.0)
print(window(2, 5, x), window(7, 7, x), window(8, 3, x))
print(lax.fori_loop(0, jnp.array(4), lambda i, c: c + i, 0), lax.fori_loop(jnp.array(1), 4, lambda i, c: c * 2, 1))
print(lax.fori_loop(0, 3, lambda i, c: c + 1.5, 0.0), (lax.fori_loop(0, 3, lambda i, c: c + i, 0.0),))
print((lax.fori_loop(0, 3, lambda i, c: c + 1, 0),), (lax.fori_loop(0, 3, lambda i, c: c + 1, jnp.float32(0)),))
