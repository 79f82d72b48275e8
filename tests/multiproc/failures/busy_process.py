# process 1 never comes back from its own Python loop: process 0's next psum
# times out naming process 1 as past its last collective; the abort then
# stops process 1 mid-loop too.
import numpy as np
import jax
from jax import lax

jax.distributed.initialize()
f = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')
x = np.ones(jax.local_device_count(), np.float32)
print(f(x))
if jax.process_index() == 1:
    k = 0
    while True:
        k += 1
print(f(x))
