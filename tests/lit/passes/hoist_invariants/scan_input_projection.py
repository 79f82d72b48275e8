# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# A scan body's x_t @ U (the slice against a weight from outside) becomes
# one dot over all of xs before the scan, scanned as a new input; h @ W,
# which reads the carry, stays in the body, and so does a projection whose
# lhs is not the slice itself.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def rnn(h0, xs, w, u):
    def step(h, x):
        h = jnp.tanh(h @ w + x @ u + (2.0 * x) @ u)
        return h, h.sum()
    return lax.scan(step, h0, xs)

h, ys = rnn(jnp.zeros((2, 3)), jnp.ones((5, 2, 4)) * 0.1, jnp.eye(3) * 0.5, jnp.ones((4, 3)) * 0.2)
print(h, ys)

# CHECK-LABEL: func @rnn(
# CHECK:         %[[XU:[0-9]+]] = dot_general %arg1, %arg3 lhs_batch=[] lhs_contract=[2] rhs_batch=[] rhs_contract=[0] : f32[5,2,3]
# CHECK:         scan(%arg0, %arg1, %[[XU]]) length=5
# CHECK-NEXT:    ^bb0(%[[H:[0-9]+]]: f32[2,3], %{{[0-9]+}}: f32[2,4], %[[XUT:[0-9]+]]: f32[2,3]):
# CHECK:           dot_general %[[H]], %arg2
# CHECK:           add %{{[0-9]+}}, %[[XUT]]
# CHECK:           dot_general %{{[0-9]+}}, %arg3
# CHECK:           yield
# CHECK:       {{\[\[}}0.41754338
