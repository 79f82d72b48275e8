# psum of non-mapped values multiplies by the axis size; psum(1) is the axis size; replicated args all-reduced.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
xs = jnp.arange(n * 1.0)
print(jax.pmap(lambda v: lax.psum(1, 'i'), axis_name='i')(xs))
print(jax.pmap(lambda v: lax.psum(2.5, 'i'), axis_name='i')(xs))
print(jax.pmap(lambda v: lax.psum(jnp.ones(2), 'i'), axis_name='i')(xs))
print(jax.pmap(lambda v, w: lax.psum(w, 'i'), axis_name='i', in_axes=(0, None))(xs, jnp.array([1.0, 2.0])))
print(jax.pmap(lambda v: lax.pmean(7.0, 'i') + lax.pmax(3, 'i'), axis_name='i')(xs))
def f(v):
    size = lax.psum(1, 'i')
    return v / size, jnp.zeros(size)
a, b = jax.pmap(f, axis_name='i')(xs)
print(a, b.shape)
print(jax.pmap(lambda v: v * lax.axis_size('i'), axis_name='i')(xs), (jax.pmap(lambda v: lax.psum(1, 'i'), axis_name='i')(xs),))
