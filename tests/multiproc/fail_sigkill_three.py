# covers: failure: of three processes, process 2 is killed with SIGKILL while they loop over collectives; both survivors exit non-zero naming process 2
# multiproc: processes=3 local_devices=1 fail=sigkill victim=2 kill-when="step 2"
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
f = jax.pmap(lambda v: lax.all_gather(v, 'i'), axis_name='i')
x = np.ones((1, 4), np.float32)
for step in range(1000000):
    y = f(x)
    y.block_until_ready()
    if step < 4:
        print('step', step, y.shape)
