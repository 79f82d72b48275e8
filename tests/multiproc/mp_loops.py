# covers: collectives inside lax.fori_loop and lax.scan bodies under pmap across processes (many collectives in a row); in_axes=None broadcast argument; pmean of a matrix; a pmap reused with new data
# multiproc: processes=2 local_devices=2
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

jax.distributed.initialize()
p = jax.process_index()
n = jax.local_device_count()


def body(v):
    def step(i, c):
        return lax.pmean(c * 0.5 + i, 'i')
    return lax.fori_loop(0, 10, step, v)


f = jax.pmap(body, axis_name='i')
x = np.arange(n, dtype=np.float32) + 10 * p
print(f(x))
print(f(x * 2))


def scanned(v, w):
    def s(c, t):
        c = lax.psum(c * w + t, 'i') / 4.0
        return c, c.sum()
    return lax.scan(s, v, jnp.arange(3.0))


c, ys = jax.pmap(scanned, axis_name='i', in_axes=(0, None))(np.ones((n, 2), np.float32) * (p + 1), 0.5)
print(c)
print(ys)
m = np.stack([np.eye(2, dtype=np.float32) * (k + 1 + n * p) for k in range(n)])
print(jax.pmap(lambda a: lax.pmean(a @ a, 'i'), axis_name='i')(m))
