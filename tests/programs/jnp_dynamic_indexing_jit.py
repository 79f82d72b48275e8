# Indexing with traced ints under jit: negative normalised, out-of-range clamped; dynamic_slice/update_slice.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(10)
m = jnp.arange(12).reshape(3, 4)
get = jax.jit(lambda a, i: a[i])
print(get(x, 3), get(x, -1), get(x, 12), get(x, -12), get(m, 7), get(m, -7))
row_slice = jax.jit(lambda a, i: a[i, 1:3])
print(row_slice(m, 1), row_slice(m, 9), row_slice(m, -1))
two = jax.jit(lambda a, i, j: a[i, j])
print(two(m, 2, 3), two(m, -1, -1), two(m, 5, 5))
ds = jax.jit(lambda a, i: lax.dynamic_slice(a, (i, 1), (2, 2)))
print(ds(m, 0), ds(m, 2), ds(m, -1), ds(m, -5))
dus = jax.jit(lambda a, u, i: lax.dynamic_update_slice(a, u, (i,)))
print(dus(x, jnp.array([-1, -2, -3]), 2), dus(x, jnp.array([-1, -2, -3]), 9), dus(x, jnp.array([-1, -2, -3]), -1))
print(lax.dynamic_slice(x, (8,), (4,)), lax.dynamic_slice(x, (-2,), (4,)), lax.dynamic_slice(x, (-20,), (4,)))
print(lax.dynamic_update_slice(m, jnp.zeros((2, 2), dtype=jnp.int32), (2, 3)))
setter = jax.jit(lambda a, i: a.at[i].set(100))
print(setter(x, 12), setter(x, -1), setter(x, -12))
adder = jax.jit(lambda a, i: a.at[i].add(1000))
print(adder(m, 1), adder(m, 3))
