# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# scan: attributes length/num_carry/reverse, the (carry, x) block, the weak
# init carry converted in the body (JAX's jaxpr does the same), and
# (carry, ys) results.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(xs):
    def step(c, x):
        return c + x, c * x
    return lax.scan(step, 0.0, xs, reverse=True)

print(f(jnp.arange(4.0)))

# CHECK-LABEL: func @f(%arg0: f32[4]) -> (f32[], f32[4]) {
# CHECK-NEXT:    %[[INIT:[0-9]+]] = constant 0.0 : f32[] weak
# CHECK-NEXT:    %[[C:[0-9]+]], %[[YS:[0-9]+]] = scan(%[[INIT]], %arg0) length=4 num_carry=1 reverse=1 : (f32[] weak, f32[4]) -> (f32[], f32[4]) {
# CHECK-NEXT:    ^bb0(%[[CARRY:[0-9]+]]: f32[] weak, %[[X:[0-9]+]]: f32[]):
# CHECK-NEXT:      %[[CV:[0-9]+]] = convert %[[CARRY]] : f32[]
# CHECK-NEXT:      %[[ADD:[0-9]+]] = add %[[CV]], %[[X]] : f32[]
# CHECK:           %[[MUL:[0-9]+]] = mul %{{[0-9]+}}, %[[X]] : f32[]
# CHECK-NEXT:      yield %[[ADD]], %[[MUL]] : f32[], f32[]
# CHECK-NEXT:    }
# CHECK-NEXT:    return %[[C]], %[[YS]] : f32[], f32[4]
# CHECK:       (Array(6., dtype=float32), Array([0., 5., 6., 0.], dtype=float32))
