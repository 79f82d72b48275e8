# conform: devices=8
# Collectives on 8 devices: tree reduction by ppermute, all_gather tiled, pmean of bool.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
def tree_sum(v):
    step = 1
    while step < n:
        perm = [(i, (i + step) % n) for i in range(n)]
        v = v + lax.ppermute(v, 'i', perm)
        step *= 2
    return v
print(n, jax.pmap(tree_sum, axis_name='i')(jnp.arange(n * 1.0)))
print(jax.pmap(lambda v: lax.all_gather(v, 'i', tiled=True), axis_name='i')(jnp.arange(n * 2).reshape(n, 2))[5])
print(jax.pmap(lambda v: lax.pmean(v % 3 == 0, 'i'), axis_name='i')(jnp.arange(n)))
print(jax.pmap(lambda v: lax.psum(v, 'i') / lax.axis_size('i'), axis_name='i')(jnp.arange(4 * 1.0)))
