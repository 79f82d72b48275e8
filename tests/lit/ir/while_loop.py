# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# while_loop has two regions: the condition (yields one i1[]) and the body
# (yields the carries); the tuple carry is flattened into two values.
import jax
from jax import lax

@jax.jit
def f(x):
    return lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 1, c[1] * 2.0), (0, x))

print(f(1.0))

# CHECK-LABEL: func @f(%arg0: f32[] weak) -> (i32[] weak, f32[] weak) {
# CHECK:         %{{[0-9]+}}, %{{[0-9]+}} = while(%[[ZERO:[0-9]+]], %arg0) : (i32[] weak, f32[] weak) -> (i32[] weak, f32[] weak) {
# CHECK-NEXT:    ^bb0(%[[N:[0-9]+]]: i32[] weak, %{{[0-9]+}}: f32[] weak):
# CHECK-NEXT:      %[[TEN:[0-9]+]] = constant 10 : i32[] weak
# CHECK-NEXT:      %[[P:[0-9]+]] = lt %[[N]], %[[TEN]] : i1[] weak
# CHECK-NEXT:      yield %[[P]] : i1[] weak
# CHECK-NEXT:    } {
# CHECK-NEXT:    ^bb0(%[[N2:[0-9]+]]: i32[] weak, %[[V:[0-9]+]]: f32[] weak):
# CHECK:           add %[[N2]]
# CHECK:           mul %[[V]]
# CHECK:           yield %{{[0-9]+}}, %{{[0-9]+}} : i32[] weak, f32[] weak
# CHECK-NEXT:    }
# CHECK:       (Array(10, dtype=int32, weak_type=True), Array(1024., dtype=float32, weak_type=True))
