# RUN: %parax --devices 4 --dump ir %s 2>&1 | FileCheck %s
# A jit over arguments split over a 4-device mesh is lowered to the
# per-device program: the split argument comes in as its four per-device
# shards (a sharded array holds one buffer per device: nothing is stacked),
# one pmap over the mesh computes on local shapes ([2,4] of [8,4]), the
# reduction over the split dim is a local reduce_sum plus a psum, the matmul
# with a split free dim is a local dot, and every result comes back as one
# array per device (parted_out: no reassembly).
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
x = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P('x')))


@jax.jit
def f(v):
    h = jnp.tanh(v) * 2.0
    return h.sum(axis=0), h @ jnp.ones((4, 3), jnp.float32)


s, m = f(x)
print(jax.typeof(s), jax.typeof(m))

# CHECK-LABEL: func @f(%arg0: f32[2,4], %arg1: f32[2,4], %arg2: f32[2,4], %arg3: f32[2,4]) -> (f32[4], f32[4], f32[4], f32[4], f32[2,3], f32[2,3], f32[2,3], f32[2,3]) {
# CHECK-NEXT:    %0, %1, %2, %3, %4, %5, %6, %7 = pmap(%arg0, %arg1, %arg2, %arg3) axis_name="_parax_spmd" axis_size=4 in_axes=[0] out_axes=[-1,0] parted_in=[1] parted_out=1 : (f32[2,4], f32[2,4], f32[2,4], f32[2,4]) -> (f32[4], f32[4], f32[4], f32[4], f32[2,3], f32[2,3], f32[2,3], f32[2,3]) {
# CHECK-NEXT:    ^bb0(%[[L:[0-9]+]]: f32[2,4]):
# CHECK:           tanh %[[L]] : f32[2,4]
# CHECK:           %[[R:[0-9]+]] = reduce_sum %{{[0-9]+}} axes=[0] : f32[4]
# CHECK-NEXT:      %[[PS:[0-9]+]] = psum %[[R]] axis_name="_parax_spmd" : f32[4]
# CHECK:           %[[D:[0-9]+]] = dot_general %{{[0-9]+}}, %{{[0-9]+}} {{.*}}: f32[2,3]
# CHECK:           yield %[[PS]], %[[D]] : f32[4], f32[2,3]
# CHECK:         return %0, %1, %2, %3, %4, %5, %6, %7 :
# CHECK: float32[4] float32[8@x,3]
