# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# dce removes values nobody reads, also inside loop bodies, and keeps
# jax.debug.print and the ops feeding it.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x):
    unused = jnp.sin(x) * 3.0
    def body(i, c):
        wasted = jnp.cos(c)
        jax.debug.print("i={i}", i=i)
        return c + 1.0
    return lax.fori_loop(0, 2, body, jnp.exp(x))

print(f(0.0))

# CHECK-LABEL: func @f(%arg0: f32[] weak) -> f32[] weak {
# CHECK-NOT:     sin
# CHECK:         exp %arg0
# CHECK:         fori_loop(
# CHECK-NOT:       cos
# CHECK:           debug_print %{{[0-9]+}} format="i={0}" : i32[] weak
# CHECK:           yield
# CHECK:       i=0
# CHECK-NEXT:  i=1
# CHECK-NEXT:  3.0
