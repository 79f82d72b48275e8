# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# A Python for loop inside jit is unrolled at trace time: three mul/add pairs
# with the loop variable baked in as a constant, and no loop op.
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    for k in range(3):
        x = x * 2.0 + k
    return x

print(f(jnp.ones(2)))

# CHECK-LABEL: func @f(%arg0: f32[2]) -> f32[2] {
# CHECK-NOT:     fori_loop
# CHECK:         %[[M0:[0-9]+]] = mul %arg0, %{{[0-9]+}} : f32[2]
# CHECK:         constant 0.0 : f32[]
# CHECK:         %[[A0:[0-9]+]] = add %[[M0]], %{{[0-9]+}} : f32[2]
# CHECK:         %[[M1:[0-9]+]] = mul %[[A0]], %{{[0-9]+}} : f32[2]
# CHECK:         constant 1.0 : f32[]
# CHECK:         %[[A1:[0-9]+]] = add %[[M1]], %{{[0-9]+}} : f32[2]
# CHECK:         %[[M2:[0-9]+]] = mul %[[A1]], %{{[0-9]+}} : f32[2]
# CHECK:         constant 2.0 : f32[]
# CHECK:         %[[A2:[0-9]+]] = add %[[M2]], %{{[0-9]+}} : f32[2]
# CHECK-NEXT:    return %[[A2]] : f32[2]
# CHECK:       [12. 12.]
