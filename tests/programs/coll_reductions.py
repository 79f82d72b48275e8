# psum/pmean/pmax/pmin over vectors, scalars, ints (pmean gives float), bools (psum gives int32), pytrees.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
x = jnp.arange(n * 3.0).reshape(n, 3) - 4
f = jax.pmap(lambda v: (lax.psum(v, 'i'), lax.pmean(v, 'i'), lax.pmax(v, 'i'), lax.pmin(v, 'i')), axis_name='i')
s, m, hi, lo = f(x)
print(s[0], m[1], hi[2], lo[3])
ints = jax.pmap(lambda v: (lax.psum(v, 'i'), lax.pmean(v, 'i'), lax.pmax(v, 'i')), axis_name='i')(jnp.arange(n))
print(ints, ints[1].dtype)
bools = jax.pmap(lambda v: (lax.psum(v > 1, 'i'), lax.pmax(v > 1, 'i'), lax.pmin(v > 1, 'i'), lax.pmean(v > 1, 'i')), axis_name='i')(jnp.arange(n))
print(bools)
tree = jax.pmap(lambda v: lax.psum({'a': v, 'b': (v * 2, 1.0)}, 'i'), axis_name='i')(jnp.arange(n * 1.0))
print(tree)
print(jax.pmap(lambda v: lax.pmax(v, 'i') - lax.pmin(v, 'i'), axis_name='i')(jnp.array([3.0, -1.0, 7.5, 2.0])))
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(jnp.arange(n, dtype=jnp.uint8) * 100))
