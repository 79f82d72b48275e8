# Collectives inside fori_loop inside pmap: iterative averaging, ring passing, accumulation with psum.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
ring = [(i, (i + 1) % n) for i in range(n)]
def average(v):
    def body(k, x):
        return 0.5 * (x + lax.pmean(x, 'i'))
    return lax.fori_loop(0, 5, body, v)
print(jax.pmap(average, axis_name='i')(jnp.arange(n * 1.0) * 4))
def pass_around(v):
    def body(k, carry):
        msg, acc = carry
        msg = lax.ppermute(msg, 'i', ring)
        return msg, acc + msg
    return lax.fori_loop(0, n, body, (v, jnp.zeros_like(v)))
msg, acc = jax.pmap(pass_around, axis_name='i')(jnp.arange(n * 2.0).reshape(n, 2))
print(msg)
print(acc)
def accumulate(v):
    return lax.fori_loop(0, 3, lambda k, a: a + lax.psum(v * k, 'i'), 0.0)
print(jax.pmap(accumulate, axis_name='i')(jnp.arange(n * 1.0)))
def gather_loop(v):
    return lax.fori_loop(0, 2, lambda k, a: a + lax.all_gather(v, 'i') * (k + 1), jnp.zeros(n))
print(jax.pmap(gather_loop, axis_name='i')(jnp.arange(n * 1.0)))
