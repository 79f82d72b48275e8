# covers: a jit around a pmap across processes, a pmap called from a jit twice with different data, host-side jit without collectives that differs between processes (allowed), pmap with a broadcast (in_axes=None) argument
# multiproc: processes=2 local_devices=2
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

jax.distributed.initialize()
p = jax.process_index()
n = jax.local_device_count()
if p == 0:
    print(jax.jit(lambda a: a * 3)(jnp.arange(3.0)))  # process 0 only: no collectives, fine
g = jax.pmap(lambda v, s: lax.psum(v * s, 'i'), axis_name='i', in_axes=(0, None))


@jax.jit
def step(x):
    return g(x, 2.0) + 1.0


x = jnp.arange(n, dtype=jnp.float32) + 5 * p
print(step(x))
print(step(x * 10))
print(jax.jit(lambda a: g(a, 0.5).sum())(x))
