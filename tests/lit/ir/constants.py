# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# Concrete arrays captured by a traced function become constants: small ones
# print their data, large ones only their type. True adopts float32.
import jax
import jax.numpy as jnp

w = jnp.array([[1.0, 2.0], [3.0, 4.0]])
big = jnp.zeros((64, 64))

@jax.jit
def f(x):
    return (w @ x).sum() + big[0, 0] + True

print(f(jnp.ones(2)))

# CHECK-LABEL: func @f(%arg0: f32[2]) -> f32[] {
# CHECK:         %[[W:[0-9]+]] = constant {{\[\[}}1.0,2.0],[3.0,4.0]] : f32[2,2]
# CHECK-NEXT:    dot_general %[[W]], %{{[0-9]+}} lhs_batch=[] lhs_contract=[1] rhs_batch=[] rhs_contract=[0] : f32[2,1]
# CHECK:         %[[BIG:[0-9]+]] = constant dense<f32[64,64]> : f32[64,64]
# CHECK-NEXT:    slice %[[BIG]] limit=[1,1] start=[0,0] stride=[1,1] : f32[1,1]
# CHECK:         constant 1.0 : f32[]
# CHECK:       11.0
