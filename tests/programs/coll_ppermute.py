# ppermute: ring shifts both directions, swaps, partial permutations (non-receivers get zeros), pytrees.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
x = jnp.arange(n * 2.0).reshape(n, 2) + 1
right = [(i, (i + 1) % n) for i in range(n)]
left = [(i, (i - 1) % n) for i in range(n)]
print(jax.pmap(lambda v: lax.ppermute(v, 'i', right), axis_name='i')(x))
print(jax.pmap(lambda v: lax.ppermute(v, 'i', left), axis_name='i')(x))
swap = [(0, 1), (1, 0), (2, 3), (3, 2)]
print(jax.pmap(lambda v: lax.ppermute(v, 'i', swap), axis_name='i')(jnp.arange(n)))
partial_perm = [(0, 2), (1, 3)]
print(jax.pmap(lambda v: lax.ppermute(v, 'i', partial_perm), axis_name='i')(x))
print(jax.pmap(lambda v: lax.ppermute((v, v > 2), 'i', right), axis_name='i')(jnp.arange(n)))
print(jax.pmap(lambda v: lax.ppermute(v, 'i', perm=tuple(right)) - v, axis_name='i')(jnp.arange(n) ** 2))
print(jax.pmap(lambda v: lax.ppermute(v, 'i', [(i, i) for i in range(n)]), axis_name='i')(jnp.arange(n) + 7))
