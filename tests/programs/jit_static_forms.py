# jit as a decorator factory, static arguments with defaults the caller omits.
import jax
import jax.numpy as jnp
from functools import partial

@jax.jit(static_argnums=0)
def power(n, x=2.0):
    return x ** n

print(power(3))
print(power(2, jnp.arange(3.)))
print(jax.jit(lambda x=4: x, static_argnums=0)())

@jax.jit(static_argnames=("axis",))
def total(x, axis=0):
    return x.sum(axis=axis)

x = jnp.arange(6.).reshape(2, 3)
print(total(x), total(x, axis=1))

@partial(jax.jit, static_argnums=(1,))
def scale(x, k=3):
    return x * k

print(scale(x), scale(x, 2))
