# RUN: env PARAX_DEBUG_SPMD=1 %parax --devices 4 %s 2>&1 | FileCheck %s
# Eager ops on split arrays, sharded random creation and a top-level vmap
# over a split array each run as one per-device program (a pmap over the
# mesh); a program with a shard_map inside stays global. The one-op programs
# are compiled once per op/type/split and reused.
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
x = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P('x')))
for _ in range(2):
    y = x * x
print(jax.typeof(y), y.sum())
with jax.set_mesh(mesh):
    r = jax.random.uniform(jax.random.key(0), (8, 4), out_sharding=P('x'))
print(jax.typeof(r))
print(jax.typeof(jax.vmap(lambda row: row * 2)(x)))
s = jax.jit(jax.shard_map(lambda b: b * 2, mesh=mesh, in_specs=P('x'), out_specs=P('x')))(x)
print(jax.typeof(s))

# CHECK:      spmd: eager mul runs per device
# CHECK-NOT:  spmd: eager mul
# CHECK:      spmd: eager reduce_sum runs per device
# CHECK:      float32[8@x,4] 10416.0
# CHECK:      spmd: jit(jax.random.uniform) runs per device
# CHECK-NEXT: float32[8@x,4]
# CHECK:      spmd: vmap{{.*}} runs per device
# CHECK-NEXT: float32[8@x,4]
# CHECK:      spmd: jit({{.*}}) stays global
# CHECK-NEXT: float32[8@x,4]
