# jit inside jit, jitted helpers called from top level and from other jitted functions, pytree outputs.
import jax
import jax.numpy as jnp

@jax.jit
def inner(x):
    return jnp.sin(x) ** 2 + jnp.cos(x) ** 2

@jax.jit
def middle(x):
    return inner(x) * 2.0 + inner(x * 3.0)

@jax.jit
def outer(x, y):
    a = middle(x)
    b = jax.jit(lambda v: v * 10)(y)
    return {'a': a, 'b': b, 'pair': (a.sum(), b[0])}

r = outer(jnp.array([0.1, 0.2]), jnp.arange(3))
print(jnp.round(r['a'], 4), r['b'], r['pair'][1])
print(jnp.round(r['pair'][0], 4))
print(len(r), r['pair'][0].dtype)
twice = jax.jit(lambda f_x: inner(inner(f_x)))
print(twice(jnp.array([5.0])))
