# lax.dynamic_slice / dynamic_update_slice on 2-D arrays with clamping; dynamic_index_in_dim-style loops.
import jax
import jax.numpy as jnp
from jax import lax

m = jnp.arange(20).reshape(4, 5)
print(lax.dynamic_slice(m, (1, 2), (2, 3)), lax.dynamic_slice(m, (3, 4), (2, 2)), lax.dynamic_slice(m, (-1, -2), (1, 2)))
print(lax.dynamic_update_slice(m, jnp.full((2, 2), -1), (0, 0)))
print(lax.dynamic_update_slice(m, jnp.full((1, 3), -9), (5, 4)))
def rows_sum(x):
    def body(i, acc):
        return acc + lax.dynamic_slice(x, (i, 0), (1, 5))[0]
    return lax.fori_loop(0, 4, body, jnp.zeros(5, dtype=x.dtype))
print(rows_sum(m), jax.jit(rows_sum)(m))
def shift_write(x):
    return lax.fori_loop(0, 3, lambda i, a: lax.dynamic_update_slice(a, jnp.array([i + 100]), (i * 2,)), x)
print(shift_write(jnp.zeros(6, dtype=jnp.int32)))
print(lax.dynamic_slice(jnp.arange(5.0), (jnp.array(3),), (3,)))
