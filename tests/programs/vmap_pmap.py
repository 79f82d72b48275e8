# conform: devices=4
# covers: pmap inside vmap batched as one pmap (the batch in front of each mapped operand, the device
# axis one further right): in_axes/out_axes of both (None included), a pmap collective and a collective
# over the enclosing vmap's axis name inside the pmap body, a scan with psum inside the pmap body,
# and pmap of vmap of a scan with a psum over the pmap axis in the scan body
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(24.0).reshape(3, 4, 2)
print(jax.vmap(jax.pmap(lambda v: v * 2.0))(x))
print(jax.vmap(jax.pmap(lambda v: v - lax.pmean(v, 'd'), axis_name='d'))(x))
print(jax.vmap(jax.pmap(lambda v: v.sum()), in_axes=1)(x))
print(jax.vmap(jax.pmap(lambda v, w: v * w, in_axes=(0, None)), in_axes=(0, None))(x, jnp.array([1.0, -1.0])))
print(jax.vmap(jax.pmap(lambda v, w: v * w, in_axes=(0, None)), in_axes=(None, 0))(x[0], jnp.array([[1.0, -1.0], [2.0, 3.0]])))
a, b = jax.vmap(jax.pmap(lambda v: (v * 2.0, jnp.float32(3.0)), out_axes=(1, None)))(x)
print(a.shape, a[1], b)
print(jax.vmap(jax.pmap(lambda v: v + lax.psum(v, 'b') + lax.axis_index('b'), axis_name='d'), axis_name='b')(x))
print(jax.vmap(jax.pmap(lambda v: lax.scan(lambda c, e: (c + lax.psum(e, 'd'), c), 0.0, v)[0], axis_name='d'))(x))
pm = jax.pmap(jax.vmap(lambda v: lax.scan(lambda c, e: (c + lax.psum(e, 'd'), c), 0.0, v)[0]), axis_name='d')
print(pm(jnp.arange(24.0).reshape(2, 3, 4)))
