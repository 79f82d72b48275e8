# RUN: %parax --dump ir %s 2>&1 | FileCheck %s
# One jit program: argument types (jnp.full of a Python float is weak), one
# op per primitive, the weak argument converted to a strong type (as JAX's
# convert_element_type does), and the result printed after the dump.
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    return jnp.exp(x) * y - x

print(f(jnp.ones(3), jnp.full(3, 2.0)))

# CHECK-LABEL: func @f(%arg0: f32[3], %arg1: f32[3] weak) -> f32[3] {
# CHECK-NEXT:    %[[E:[0-9]+]] = exp %arg0 : f32[3]
# CHECK-NEXT:    %[[Y:[0-9]+]] = convert %arg1 : f32[3]
# CHECK-NEXT:    %[[M:[0-9]+]] = mul %[[E]], %[[Y]] : f32[3]
# CHECK-NEXT:    %[[S:[0-9]+]] = sub %[[M]], %arg0 : f32[3]
# CHECK-NEXT:    return %[[S]] : f32[3]
# CHECK-NEXT:  }
# CHECK-NEXT:  [4.4365635 4.4365635 4.4365635]
