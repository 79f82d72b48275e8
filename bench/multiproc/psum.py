# psum across processes: `psum.py BYTES REPS`, one device per process; each
# call's input is the previous call's output (already on the devices), so
# the time is the collective's (plus the pmap call), not a host transfer.
import sys
import time
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
nbytes, reps = int(sys.argv[1]), int(sys.argv[2])
n = jax.local_device_count()
f = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
y = f(np.ones((n, max(1, nbytes // 4)), np.float32))
y.block_until_ready()
for _ in range(3):
    y = f(y)
    y.block_until_ready()
times = []
for _ in range(reps):
    t0 = time.perf_counter()
    y = f(y)
    y.block_until_ready()
    times.append(time.perf_counter() - t0)
times.sort()
print('RESULT', times[len(times) // 2] * 1e6)
