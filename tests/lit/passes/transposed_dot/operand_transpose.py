# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# transposed-dot folds a transpose that only feeds a dot into the dot's
# dimension numbers: x.T @ y contracts dim 0 of x, y @ x.T contracts the
# first dims of both (x.T.T folds twice). A transpose with another user
# stays.
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    return x.T @ y, y.T @ x.T.T

@jax.jit
def g(x, y):
    t = x.T
    return t @ y, t

print(f(jnp.ones((4, 2)), jnp.ones((4, 3))))
print(g(jnp.ones((4, 2)), jnp.ones((4, 3)))[0])

# CHECK-LABEL: func @f(%arg0: f32[4,2], %arg1: f32[4,3]) -> (f32[2,3], f32[3,2]) {
# CHECK-NEXT:    dot_general %arg0, %arg1 lhs_batch=[] lhs_contract=[0] rhs_batch=[] rhs_contract=[0] : f32[2,3]
# CHECK-NEXT:    dot_general %arg1, %arg0 lhs_batch=[] lhs_contract=[0] rhs_batch=[] rhs_contract=[0] : f32[3,2]
# CHECK-NEXT:    return
# CHECK-LABEL: func @g(
# CHECK:         %[[T:[0-9]+]] = transpose %arg0
# CHECK:         dot_general %[[T]], %arg1
