# covers: failure: process 1 fails an assert (a Python error) after a few cross-process collectives while process 0 waits in the next one; both exit non-zero at once, process 0 naming process 1
# multiproc: processes=2 local_devices=2 fail=raise victim=1
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
f = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
x = np.ones(jax.local_device_count(), np.float32)
for step in range(3):
    print('step', step, f(x))
if jax.process_index() == 1:
    print('raising')
    assert step == 99, 'process 1 gives up'
for step in range(1000000):
    f(x).block_until_ready()
