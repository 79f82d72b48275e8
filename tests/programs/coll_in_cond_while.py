# Collectives in both branches of a cond with a replicated predicate, and in while_loop bodies.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
def f(v, flag):
    return lax.cond(flag > 0, lambda x: lax.psum(x, 'i'), lambda x: lax.pmax(x, 'i'), v)
g = jax.pmap(f, axis_name='i', in_axes=(0, None))
print(g(jnp.arange(n * 1.0), 1), g(jnp.arange(n * 1.0), 0))
def until_big(v):
    def cond(s):
        return lax.psum(s, 'i') < 100.0
    return lax.while_loop(cond, lambda s: s * 2.0, v)
print(jax.pmap(until_big, axis_name='i')(jnp.arange(1.0, n + 1.0)))
def count_rounds(v):
    def body(s):
        x, k = s
        return x + lax.pmean(x, 'i'), k + 1
    return lax.while_loop(lambda s: s[1] < 3, body, (v, 0))
print(jax.pmap(count_rounds, axis_name='i')(jnp.ones(n)))
