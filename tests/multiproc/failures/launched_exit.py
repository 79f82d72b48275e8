# parax launch: process 1 calls sys.exit(3) while process 0 waits in a collective
import sys
import numpy as np
import jax
from jax import lax

f = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
x = np.ones(jax.local_device_count(), np.float32)
print(f(x))
if jax.process_index() == 1:
    sys.exit(3)
for _ in range(1000000):
    f(x).block_until_ready()
