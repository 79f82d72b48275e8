# covers: failure: process 0 (which hosts the coordinator) fails an assert while process 1 waits in a collective; process 1 exits non-zero at once naming process 0
# multiproc: processes=2 local_devices=2 fail=raise victim=0
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
f = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
x = np.ones(jax.local_device_count(), np.float32)
print('step', f(x))
if jax.process_index() == 0:
    print('raising')
    assert False, 'process 0 gives up'
for step in range(1000000):
    f(x).block_until_ready()
