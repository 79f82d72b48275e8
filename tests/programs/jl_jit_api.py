# conform: devices=2
# The jit API: static_argnames, donate_argnums/donate_argnames (accepted),
# static defaults, decorator factories; the errors JAX raises for
# fori_loop(unroll=) with traced bounds and ordered debug prints under pmap.
import jax
import jax.numpy as jnp
from functools import partial
from jax import lax


@partial(jax.jit, static_argnames=['n'])
def scale(x, n):
    return x * n


print(scale(jnp.ones(2), n=3), scale(jnp.ones(2), 4))


@partial(jax.jit, static_argnames=('mode',), donate_argnames=('x',))
def apply(x, mode='add'):
    return x + 1 if mode == 'add' else x * 10


print(apply(jnp.arange(3.)), apply(jnp.arange(3.), mode='mul'))
g = jax.jit(lambda x, y: x + y, donate_argnums=0)
print(g(jnp.ones(2), 1.0))
h = jax.jit(lambda a, b: (a * 2, b - 1), donate_argnums=(0, 1))
print(h(jnp.ones(3), jnp.zeros(3)))


@jax.jit
def loop(n):
    return lax.fori_loop(0, 5, lambda i, c: c + i, n, unroll=2)


print(loop(1))
try:
    jax.jit(lambda x: lax.fori_loop(0, x, lambda i, c: c + i, 0, unroll=3))(3)
except ValueError as e:
    print('ValueError:', e)


def show(x):
    jax.debug.print('x={}', x, ordered=True)
    return x


try:
    jax.pmap(show)(jnp.arange(2.))
except ValueError as e:
    print('ValueError:', str(e).split(':')[0])
print(jax.jit(show)(jnp.float32(2.5)))
