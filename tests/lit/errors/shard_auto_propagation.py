# RUN: not %parax --devices 4 %s 2>&1 | FileCheck %s
# On a mesh whose axes are all Auto, JAX leaves a result's split to the XLA
# compiler's sharding propagation where Explicit mode would demand
# out_sharding=; parax does not choose shardings under jit and says what to
# write (an eager op just computes, unsplit, as JAX does).
import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

mesh = jax.make_mesh((4,), ('x',), axis_types=(AxisType.Auto,))
a = jax.device_put(np.ones((4, 8), np.float32), NamedSharding(mesh, P(None, 'x')))
b = jax.device_put(np.ones((8, 2), np.float32), NamedSharding(mesh, P('x', None)))
print(a @ b)
print(jax.jit(lambda p, q: p @ q)(a, b))

# CHECK: 8. 8.
# CHECK: shard_auto_propagation.py:14:28: error: NotImplementedError: on a mesh whose axes are all Auto, JAX lets the XLA compiler choose how this result is split (sharding propagation); parax does not choose shardings. The rule it would need: Contracting dimensions are sharded
# CHECK: hint: make the mesh axes Explicit (jax.make_mesh's default axis_types) and say how the result is split with out_sharding=P(...), or jax.reshard an operand first
