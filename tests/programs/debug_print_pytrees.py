# conform: sort-lines
# jax.debug.print of tuples, lists and dicts of arrays inside jit prints
# the container with each leaf's repr (JAX turns numeric leaves into arrays).
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    jax.debug.print("t={} d={}", (x, x + 1), {"a": x * 2, "b": 3})
    jax.debug.print("{x}", x={"k": [x], "n": None})
    jax.debug.print("one={}", (x,))
    return x

f(jnp.float32(1.5))
f(jnp.arange(3.))
