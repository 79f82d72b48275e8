# parax launch: both processes loop in collectives until the test kills
# process 1 with SIGKILL (after it printed 'ready')
import numpy as np
import jax
from jax import lax

f = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
x = np.ones(jax.local_device_count(), np.float32)
f(x).block_until_ready()
if jax.process_index() == 1:
    print('ready', flush=True)
for _ in range(1000000):
    f(x).block_until_ready()
