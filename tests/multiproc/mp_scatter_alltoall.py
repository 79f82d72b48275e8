# covers: psum_scatter (scattered and tiled), all_to_all and pmean over a matrix across processes; the grad of a pmap'd loss with psum
# multiproc: processes=2 local_devices=2
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

jax.distributed.initialize()
p = jax.process_index()
n = jax.local_device_count()
N = jax.device_count()
x = np.stack([np.arange(N * 2, dtype=np.float32) + 100 * (n * p + k) for k in range(n)])
print(jax.pmap(lambda v: lax.psum_scatter(v.reshape(N, 2), 'i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.psum_scatter(v, 'i', tiled=True), axis_name='i')(x))
y = np.stack([np.arange(N * 3, dtype=np.float32).reshape(N, 3) + 10 * (n * p + k) for k in range(n)])
print(jax.pmap(lambda v: lax.all_to_all(v, 'i', 0, 0), axis_name='i')(y))


def loss(w, xb):
    return lax.psum(jnp.sum((xb * w) ** 2), 'i')


w = np.ones((n, 3), np.float32) * 0.5
xb = np.stack([np.arange(3, dtype=np.float32) + n * p + k for k in range(n)])
print(jax.pmap(jax.grad(loss), axis_name='i')(w, xb))
