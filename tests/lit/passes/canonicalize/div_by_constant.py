# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# canonicalize: x / C -> x * (1/C) for floats (XLA's rewrite), the reciprocal
# rounded to float32; the old constant is gone (dce). The result differs from
# eager division in the last bit, exactly as under JAX.
import jax
import jax.numpy as jnp

@jax.jit
def f(a):
    return a / 3.0

x = jnp.float32(7.0)
print(x / 3.0)
print(f(x))

# CHECK:      2.3333333
# CHECK-NEXT: func @f(%arg0: f32[]) -> f32[] {
# CHECK-NEXT:   %[[R:[0-9]+]] = constant 0.33333334 : f32[]
# CHECK-NEXT:   %[[M:[0-9]+]] = mul %arg0, %[[R]] : f32[]
# CHECK-NEXT:   return %[[M]] : f32[]
# CHECK-NEXT: }
# CHECK-NEXT: 2.3333335
