# covers: failure: process 0 (the coordinator's host) is killed with SIGKILL mid-loop; the survivor exits non-zero within the bound naming process 0
# multiproc: processes=2 local_devices=2 fail=sigkill victim=0 kill-when="step 2"
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
f = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
x = np.ones(jax.local_device_count(), np.float32)
for step in range(1000000):
    y = f(x)
    y.block_until_ready()
    if step < 4:
        print('step', step, y)
