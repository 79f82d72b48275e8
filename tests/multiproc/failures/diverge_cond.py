# a lax.cond around a psum decided by jax.process_index() (a constant while
# tracing, different in each process): rejected at trace time by each
# process's divergent-collective check, naming the psum and the cond,
# instead of hanging in the psum only process 0 reaches.
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()


def body(v):
    return lax.cond(jax.process_index() == 0, lambda u: lax.psum(u, 'i'), lambda u: u * 2, v)


x = np.ones(jax.local_device_count(), np.float32)
print(jax.pmap(body, axis_name='i')(x))
