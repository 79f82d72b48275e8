# static_broadcasted_argnums: Python values (ints, strings, tuples, functions) passed to every device.
import jax
import jax.numpy as jnp
from functools import partial

n = jax.device_count()
x = jnp.arange(n * 2.0).reshape(n, 2)

@partial(jax.pmap, static_broadcasted_argnums=1)
def powr(v, k):
    out = jnp.ones_like(v)
    for _ in range(k):
        out = out * v
    return out
print(powr(x, 2), powr(x, 0))

@partial(jax.pmap, static_broadcasted_argnums=(1, 2))
def apply(v, op, shape):
    return op(v).reshape(shape)
print(apply(x, jnp.tanh, (2, 1)).shape, apply(x, jnp.abs, (1, 2)))
g = jax.pmap(lambda v, mode: v + 1 if mode == 'inc' else v - 1, static_broadcasted_argnums=(1,))
print(g(x, 'inc'), g(x, 'dec'))
