# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# Negative cases: integer division, division by a variable, and a constant
# divided by a constant keep their div.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def ints(a):
    return lax.div(a, 3)

@jax.jit
def by_variable(a, b):
    return a / b

@jax.jit
def both_constant(a):
    return a + jnp.float32(7.0) / jnp.float32(3.0)

print(ints(jnp.int32(7)), by_variable(7.0, 3.0), both_constant(0.0))

# CHECK-LABEL: func @ints(%arg0: i32[]) -> i32[] {
# CHECK:         div %arg0, %{{[0-9]+}} : i32[]
# CHECK-NOT:     mul
# CHECK-LABEL: func @by_variable(
# CHECK:         div %arg0, %arg1 : f32[] weak
# CHECK-LABEL: func @both_constant(
# CHECK:         %[[N:[0-9]+]] = constant 7.0 : f32[]
# CHECK-NEXT:    %[[D:[0-9]+]] = constant 3.0 : f32[]
# CHECK-NEXT:    div %[[N]], %[[D]] : f32[]
# CHECK:       2 2.3333333 2.3333333
