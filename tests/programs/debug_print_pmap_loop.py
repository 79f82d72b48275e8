# conform: sort-lines devices=2
# jax.debug.print inside a fori_loop inside pmap: per device, per iteration.
import jax
import jax.numpy as jnp
from jax import lax

def f(v):
    i = lax.axis_index('d')
    def body(k, acc):
        acc = acc + v * k
        jax.debug.print("dev {} step {} acc {}", i, k, acc)
        return acc
    return lax.fori_loop(1, 4, body, 0.0)
print(jax.pmap(f, axis_name='d')(jnp.array([1.0, 10.0])))
