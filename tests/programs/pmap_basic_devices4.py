# pmap over the leading axis on 4 devices: per-device rank reduction, scalar outputs stacked, dtypes kept.
import jax
import jax.numpy as jnp

n = jax.device_count()
print(n, jax.local_device_count(), len(jax.devices()))
x = jnp.arange(n * 3.0).reshape(n, 3)
print(jax.pmap(lambda v: v * 2)(x))
print(jax.pmap(lambda v: v.sum())(x))
print(jax.pmap(lambda v: v.shape[0] + v.ndim)(x))
print(jax.pmap(lambda s: s * s)(jnp.arange(n)))
print(jax.pmap(jnp.sin)(jnp.zeros(n)))
r = jax.pmap(lambda v: (v.astype(jnp.int32), v.max()))(x)
print(r[0].dtype, r[0].shape, r[1])
print(jax.pmap(lambda v: v[::-1])(x))
