# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# canonicalize sees through broadcast_in_dim: x / 4.0 on a vector multiplies
# by a broadcast 0.25.
import jax
import jax.numpy as jnp

@jax.jit
def f(a):
    return a / 4.0

print(f(jnp.arange(3.0)))

# CHECK-LABEL: func @f(%arg0: f32[3]) -> f32[3] {
# CHECK-NEXT:    %[[C:[0-9]+]] = constant 0.25 : f32[]
# CHECK-NEXT:    %[[B:[0-9]+]] = broadcast_in_dim %[[C]] dims=[] : f32[3]
# CHECK-NEXT:    %[[M:[0-9]+]] = mul %arg0, %[[B]] : f32[3]
# CHECK-NEXT:    return %[[M]] : f32[3]
# CHECK:       [0.   0.25 0.5 ]
