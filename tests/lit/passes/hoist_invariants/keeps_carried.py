# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# Work that reads the carry, a scanned slice or a collective's result stays
# in the body; a nested loop's invariants move out of both loops.
import jax
import jax.numpy as jnp
from jax import lax

w = jnp.full((4, 4), 0.5)

@jax.jit
def f(h0, xs):
    def step(h, x):
        inner = lax.fori_loop(0, 2, lambda i, c: c @ w, h)
        return jnp.tanh(inner @ w + x.sum()), h.sum()
    return lax.scan(step, h0, xs)

h, ys = f(jnp.ones((2, 4)), jnp.ones((3, 5)))
print(h, ys)

# CHECK-LABEL: func @f(
# CHECK:         %[[W:[0-9]+]] = convert %{{[0-9]+}} : f32[4,4]
# CHECK:         scan(
# CHECK-NOT:       convert
# CHECK:           fori_loop(
# CHECK-NEXT:      ^bb0
# CHECK-NEXT:        dot_general %{{[0-9]+}}, %[[W]]
# CHECK:           reduce_sum %{{[0-9]+}} axes=[0] :
# CHECK:           tanh
# CHECK:           reduce_sum %{{[0-9]+}} axes=[0,1] :
# CHECK:       [8. 8. 8.]
