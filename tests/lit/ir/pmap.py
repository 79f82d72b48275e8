# RUN: %parax --devices 4 --dump ir %s 2>&1 | FileCheck %s
# pmap is one op: axis name and size, in_axes with -1 for None, out_axes; the
# region sees per-device values (the mapped axis removed, the replicated
# argument whole) and the collective names its axis.
import jax
import jax.numpy as jnp
from jax import lax

def step(x, scale):
    return lax.psum(x * scale, 'batch')

f = jax.pmap(step, axis_name='batch', in_axes=(0, None))
print(f(jnp.arange(8.0).reshape(4, 2), 3.0))

# CHECK-LABEL: func @pmap_step(%arg0: f32[4,2], %arg1: f32[] weak) -> f32[4,2] {
# CHECK-NEXT:    %[[R:[0-9]+]] = pmap(%arg0, %arg1) axis_name="batch" axis_size=4 in_axes=[0,-1] out_axes=[0] : (f32[4,2], f32[] weak) -> f32[4,2] {
# CHECK-NEXT:    ^bb0(%[[X:[0-9]+]]: f32[2], %[[S:[0-9]+]]: f32[] weak):
# CHECK:           %[[M:[0-9]+]] = mul %[[X]], %{{[0-9]+}} : f32[2]
# CHECK-NEXT:      %[[P:[0-9]+]] = psum %[[M]] axis_name="batch" : f32[2]
# CHECK-NEXT:      yield %[[P]] : f32[2]
# CHECK-NEXT:    }
# CHECK-NEXT:    return %[[R]] : f32[4,2]
# CHECK:       {{\[\[}}36. 48.]
# CHECK-NEXT:   [36. 48.]
