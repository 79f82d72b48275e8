# a fori_loop around a psum whose trip count is derived from
# jax.process_index() through Python arithmetic: rejected at trace time by
# each process (the psum would run a different number of times per process)
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
n = 2 * jax.process_index() + 1


def body(v):
    return lax.fori_loop(0, n, lambda i, u: lax.psum(u, 'i'), v)


x = np.ones(jax.local_device_count(), np.float32)
print(jax.pmap(body, axis_name='i')(x))
