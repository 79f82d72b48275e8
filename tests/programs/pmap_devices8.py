# conform: devices=8
# pmap on 8 devices with mapped sizes 8, 4 and 3 (runs on the first N devices).
import jax
import jax.numpy as jnp
from jax import lax

print(jax.device_count())
f = jax.pmap(lambda v: (lax.axis_index('i'), lax.psum(v, 'i'), lax.axis_size('i')), axis_name='i')
for n in (8, 4, 3):
    idx, s, size = f(jnp.arange(n * 2.0).reshape(n, 2))
    print(n, idx, s[0], size)
print(jax.pmap(lambda v: v @ v)(jnp.arange(8 * 4.0).reshape(8, 2, 2)))
