# out_axes: 0, 1, per-output tuples, None for replicated outputs (no mapped axis), dict prefixes.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
x = jnp.arange(n * 3.0).reshape(n, 3)
print(jax.pmap(lambda v: v, out_axes=1)(x))
print(jax.pmap(lambda v: v * 2, out_axes=1)(x).shape, jax.pmap(lambda v: v[None], out_axes=2)(x).shape)
a, b = jax.pmap(lambda v: (v, v.sum()), out_axes=(1, 0))(x)
print(a.shape, b)
s = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i', out_axes=None)(x)
print(s, s.shape)
c = jax.pmap(lambda v: jnp.arange(3) * 2, out_axes=None)(x)
print(c, c.shape)
d = jax.pmap(lambda v: (v.sum(), lax.pmax(v, 'i')), axis_name='i', out_axes=(0, None))(x)
print(d[0], d[1])
e = jax.pmap(lambda v: {'m': v, 'k': lax.psum(1, 'i') * 1.0}, axis_name='i', out_axes={'m': 1, 'k': None})(x)
print(e['m'].shape, e['k'])
print(jax.pmap(lambda v, w: w * 2, in_axes=(0, None), out_axes=None)(x, jnp.ones(2)))
