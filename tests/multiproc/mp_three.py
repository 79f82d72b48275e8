# covers: three processes with one local device each: devices and ids, psum, axis_index, all_gather across all three
# multiproc: processes=3 local_devices=1
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
p = jax.process_index()
print(jax.process_count(), jax.device_count(), jax.local_device_count())
print(jax.devices())
print(jax.local_devices(), [d.process_index for d in jax.devices()])
x = np.array([p + 1.5], np.float32)
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.axis_index('i'), axis_name='i')(x))
print(jax.pmap(lambda v: lax.all_gather(v * 2, 'i'), axis_name='i')(x))
