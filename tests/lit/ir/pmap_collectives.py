# RUN: %parax --devices 2 --dump ir %s 2>&1 | FileCheck %s
# axis_index, all_gather (tiled), ppermute (perm flattened to pairs) and pmax
# inside a pmap with out_axes=(None, 0, 0).
import jax
import jax.numpy as jnp
from jax import lax

def step(x):
    i = lax.axis_index('i')
    g = lax.all_gather(x, 'i', tiled=True)
    p = lax.ppermute(x, 'i', perm=[(0, 1), (1, 0)])
    return g, p + i, lax.pmax(x, 'i')

print(jax.pmap(step, axis_name='i', out_axes=(None, 0, 0))(jnp.arange(6.0).reshape(2, 3)))

# CHECK-LABEL: func @pmap_step(%arg0: f32[2,3]) -> (f32[6], f32[2,3], f32[2,3]) {
# CHECK-NEXT:    pmap(%arg0) axis_name="i" axis_size=2 in_axes=[0] out_axes=[-1,0,0] : (f32[2,3]) -> (f32[6], f32[2,3], f32[2,3]) {
# CHECK-NEXT:    ^bb0(%[[X:[0-9]+]]: f32[3]):
# CHECK-NEXT:      %[[I:[0-9]+]] = axis_index axis_name="i" : i32[]
# CHECK-NEXT:      %[[G:[0-9]+]] = all_gather %[[X]] axis=0 axis_name="i" tiled=1 : f32[6]
# CHECK-NEXT:      %[[P:[0-9]+]] = ppermute %[[X]] axis_name="i" perm=[0,1,1,0] : f32[3]
# CHECK:           %[[M:[0-9]+]] = pmax %[[X]] axis_name="i" : f32[3]
# CHECK-NEXT:      yield %[[G]], %{{[0-9]+}}, %[[M]] : f32[6], f32[3], f32[3]
# CHECK:       (Array([0., 1., 2., 3., 4., 5.], dtype=float32), Array({{\[\[}}3., 4., 5.],
# CHECK-NEXT:         [1., 2., 3.]], dtype=float32), Array({{\[\[}}3., 4., 5.],
