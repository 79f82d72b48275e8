# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# Python scalars are weakly typed: 2 and the int argument n adopt the bf16 of
# x, so the program computes in bf16 throughout.
import jax
import jax.numpy as jnp

@jax.jit
def f(x, n):
    return x * 2 + n

print(f(jnp.ones(2, dtype=jnp.bfloat16), 3))

# CHECK-LABEL: func @f(%arg0: bf16[2], %arg1: i32[] weak) -> bf16[2] {
# CHECK:         %[[TWO:[0-9]+]] = constant 2.0 : bf16[]
# CHECK-NEXT:    %[[B:[0-9]+]] = broadcast_in_dim %[[TWO]] dims=[] : bf16[2]
# CHECK-NEXT:    %[[M:[0-9]+]] = mul %arg0, %[[B]] : bf16[2]
# CHECK-NEXT:    %[[N:[0-9]+]] = convert %arg1 : bf16[]
# CHECK-NOT:     f32
# CHECK:         return %{{[0-9]+}} : bf16[2]
# CHECK:       [5 5]
