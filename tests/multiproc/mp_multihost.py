# covers: jax.experimental.multihost_utils.process_allgather (stacked, tiled, pytrees, scalars), sync_global_devices, broadcast_one_to_all; host values differ per process
# multiproc: processes=2 local_devices=2
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import multihost_utils

jax.distributed.initialize()
p = jax.process_index()
a = np.arange(3, dtype=np.float32) + 10 * p
g = multihost_utils.process_allgather(a)
print(type(g).__name__, g.shape, g.dtype)
print(g)
t = multihost_utils.process_allgather(a, tiled=True)
print(t.shape, t)
tree = multihost_utils.process_allgather({'a': np.int32(p + 1), 'b': jnp.ones((2,)) * p})
print(tree['a'], tree['b'])
multihost_utils.sync_global_devices('after gather')
b = multihost_utils.broadcast_one_to_all(np.array([p + 5, p + 6], np.int32))
print(b)
multihost_utils.sync_global_devices('end')
print('done', p)
