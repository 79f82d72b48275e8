# covers: psum/pmax across processes for int32, float16, bfloat16, float32 with fractions, bool via pmax; psum of a Python constant; results the same on every process
# multiproc: processes=2 local_devices=2
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

jax.distributed.initialize()
p = jax.process_index()
n = jax.local_device_count()
i = np.arange(n, dtype=np.int32) * 3 + p
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(i))
h = jnp.array(np.arange(n) * 0.25 + p, dtype=jnp.float16)
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(h))
bf = jnp.array(np.arange(n) * 0.5 + p * 1.25, dtype=jnp.bfloat16)
out = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(bf)
print(out, out.dtype)
f = np.array([0.1, 0.2], np.float32)[:n] * (p + 1)
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(f))
b = np.array([p == 1 and k == 0 for k in range(n)])
print(jax.pmap(lambda v: lax.pmax(v.astype(jnp.int32), 'i') > 0, axis_name='i')(b))
print(jax.pmap(lambda v: lax.psum(2.5, 'i') + v, axis_name='i')(f))
