# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# Invariant work that feeds a dot in a loop body (w * 2, from a captured
# argument) and invariant reductions run once, before the loop; cheap
# elementwise work on invariants (the broadcast 1.0 added to the carry)
# stays in the body, where it fuses.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x, w):
    def body(i, c):
        return c @ (w * 2.0) + jnp.ones(4) + w.sum()
    return lax.fori_loop(0, 3, body, x)

print(f(jnp.ones(4), jnp.eye(4)))

# CHECK-LABEL: func @f(
# CHECK:         %[[W2:[0-9]+]] = mul %arg1, %{{[0-9]+}} : f32[4,4]
# CHECK:         %[[S:[0-9]+]] = reduce_sum %arg1
# CHECK:         fori_loop(
# CHECK-NOT:       mul
# CHECK-NOT:       reduce_sum
# CHECK:           dot_general %{{[0-9]+}}, %[[W2]]
# CHECK:           broadcast_in_dim
# CHECK:           yield
# CHECK:       [43. 43. 43. 43.]
