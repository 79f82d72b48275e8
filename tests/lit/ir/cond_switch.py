# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# cond and switch both become `cond`, one region per branch. A boolean
# predicate becomes an i32 index with the false branch first; switch keeps
# its branch order.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(p, k, x):
    a = lax.cond(p > 0, jnp.sin, jnp.cos, x)
    b = lax.switch(k, [lambda v: v + 1.0, lambda v: v * 2.0, lambda v: -v], x)
    return a + b

print(f(1, 2, 0.5))

# CHECK-LABEL: func @f(%arg0: i32[] weak, %arg1: i32[] weak, %arg2: f32[] weak) -> f32[] weak {
# CHECK:         %[[P:[0-9]+]] = gt %arg0, %{{[0-9]+}} : i1[] weak
# CHECK-NEXT:    %[[IDX:[0-9]+]] = convert %[[P]] : i32[]
# CHECK-NEXT:    %{{[0-9]+}} = cond(%[[IDX]], %arg2) : (i32[], f32[] weak) -> f32[] weak {
# CHECK-NEXT:    ^bb0(%[[A:[0-9]+]]: f32[] weak):
# CHECK-NEXT:      cos %[[A]]
# CHECK:         } {
# CHECK-NEXT:    ^bb0(%[[B:[0-9]+]]: f32[] weak):
# CHECK-NEXT:      sin %[[B]]
# CHECK:         }
# CHECK-NEXT:    %[[K:[0-9]+]] = convert %arg1 : i32[]
# CHECK-NEXT:    %{{[0-9]+}} = cond(%[[K]], %arg2) : (i32[], f32[] weak) -> f32[] weak {
# CHECK:           add
# CHECK:         } {
# CHECK:           mul
# CHECK:         } {
# CHECK:           neg
# CHECK:         }
# CHECK-NOT:     cond(
# CHECK:       -0.02057445
