# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# Reverse mode of a scan: the forward scan also stacks each iteration's
# carry (the residuals, one per step); a backward scan in the opposite
# direction recomputes each step from its saved carry and accumulates the
# cotangent of the captured weight in its carry. xs does not depend on w,
# so no cotangent is computed for it. (The printed value is JAX's.)
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def g(w, xs):
    def loss(w):
        c, _ = lax.scan(lambda c, x: (jnp.tanh(c * w + x), None), 0.0, xs)
        return c
    return jax.grad(loss)(w)

print(g(0.5, jnp.arange(3.0)))

# CHECK-LABEL: func @g(%arg0: f32[] weak, %arg1: f32[3]) -> f32[] weak {
# CHECK:         %{{[0-9]+}}, %[[SAVED:[0-9]+]] = scan(%{{[0-9]+}}, %arg1) length=3 num_carry=1 reverse=0
# CHECK-SAME:      -> (f32[], f32[3] weak) {
# CHECK:           tanh
# CHECK:           yield %{{[0-9]+}}, %{{[0-9]+}} : f32[], f32[] weak
# CHECK:         %{{[0-9]+}}, %[[GW:[0-9]+]] = scan(%{{[0-9]+}}, %{{[0-9]+}}, %[[SAVED]], %arg1) length=3 num_carry=2 reverse=1
# CHECK-SAME:      -> (f32[] weak, f32[] weak) {
# CHECK:           tanh
# CHECK:           sub
# CHECK:           add
# CHECK:         return %[[GW]]
# CHECK:       0.02561255
