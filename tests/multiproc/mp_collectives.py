# covers: all_gather (stacked and tiled), ppermute around a ring that crosses processes, psum over a vector, pmax/pmin of ints, axis_index arithmetic; each process gets its local part
# multiproc: processes=2 local_devices=2
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

jax.distributed.initialize()
p = jax.process_index()
n = jax.local_device_count()
N = jax.device_count()
x = (np.arange(n * 3, dtype=np.float32).reshape(n, 3) + 100 * p)
g = jax.pmap(lambda v: lax.all_gather(v, 'i'), axis_name='i')(x)
print(g.shape)
print(g[0])
gt = jax.pmap(lambda v: lax.all_gather(v, 'i', tiled=True), axis_name='i')(x)
print(gt.shape, gt[1][:4])
ring = [(k, (k + 1) % N) for k in range(N)]
r = jax.pmap(lambda v: lax.ppermute(v, 'i', ring), axis_name='i')(x)
print(r)
back = [(k, (k - 1) % N) for k in range(N)]
r2 = jax.pmap(lambda v: lax.ppermute(v, 'i', back), axis_name='i')(x)
print(r2)
xi = (np.arange(n, dtype=np.int32) * 7 + 3 * p) % 5
print(jax.pmap(lambda v: (lax.pmax(v, 'i'), lax.pmin(v, 'i'), lax.psum(v, 'i')), axis_name='i')(xi))
print(jax.pmap(lambda v: v.sum() + lax.axis_index('i') * 1000, axis_name='i')(x))
print(jax.pmap(lambda v: lax.psum(v * (lax.axis_index('i') + 1), 'i'), axis_name='i')(x))
