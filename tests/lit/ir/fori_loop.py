# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# fori_loop stays a loop: its body is a region whose block takes the index
# and the carry; Python-int bounds and carry are weak i32.
import jax
from jax import lax

@jax.jit
def f(n):
    def body(i, acc):
        return acc + i
    return lax.fori_loop(0, 3, body, n)

print(f(10))

# CHECK-LABEL: func @f(%arg0: i32[] weak) -> i32[] weak {
# CHECK-NEXT:    %[[LO:[0-9]+]] = constant 0 : i32[] weak
# CHECK-NEXT:    %[[HI:[0-9]+]] = constant 3 : i32[] weak
# CHECK-NEXT:    %[[R:[0-9]+]] = fori_loop(%[[LO]], %[[HI]], %arg0) : (i32[] weak, i32[] weak, i32[] weak) -> i32[] weak {
# CHECK-NEXT:    ^bb0(%[[I:[0-9]+]]: i32[] weak, %[[ACC:[0-9]+]]: i32[] weak):
# CHECK-NEXT:      %[[SUM:[0-9]+]] = add %[[ACC]], %[[I]] : i32[] weak
# CHECK-NEXT:      yield %[[SUM]] : i32[] weak
# CHECK-NEXT:    }
# CHECK-NEXT:    return %[[R]] : i32[] weak
# CHECK:       13
