# RUN: not %parax --devices 4 %s 2>&1 | FileCheck %s
# The divergent-collective check covers shard_map bodies as it covers pmap:
# shard_map runs its body as a pmap over the mesh axis. (check_vma=False:
# with it JAX and parax stop earlier, at the branches' differing vma.)
import numpy as np
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
x = jax.device_put(np.arange(8.0, dtype=np.float32), NamedSharding(mesh, P('x')))
def body(b):
    return lax.cond(lax.axis_index('x') == 0, lambda v: lax.psum(v, 'x'), lambda v: v, b)
print(jax.shard_map(body, mesh=mesh, in_specs=P('x'), out_specs=P('x'),
                    check_vma=False)(x))

# CHECK:      divergent_collective_shard_map.py:13:57: error: DivergentCollectiveError: lax.psum over axis 'x' is inside a lax.cond branch whose predicate depends on lax.axis_index('x')
# CHECK:      divergent_collective_shard_map.py:13:12: note: the lax.cond whose control varies between devices
# CHECK:      divergent_collective_shard_map.py:13:21: note: the device-varying value comes from here
# CHECK:      hint: every device must reach lax.psum
