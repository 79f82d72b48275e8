# parax launch -n 2 --devices 2: no initialize() call needed (the launcher's
# PARAX_* variables join the job); a later initialize() is harmless.
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
p = jax.process_index()
x = np.arange(jax.local_device_count(), dtype=np.float32) + 10 * p
s = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(x)
print(f'process {p} of {jax.process_count()}: {jax.device_count()} devices, psum {s}')
