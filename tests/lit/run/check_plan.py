# RUN: %parax check --backend interp %s | FileCheck %s
# RUN: %parax check --backend cpu %s | FileCheck --check-prefix=CPU %s
# `parax check` traces and plans every compiled program without running it.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x):
    return lax.fori_loop(0, 1000, lambda i, c: jnp.tanh(c) + c, x)

print(f(jnp.ones((256, 256))).shape)

# The plan counts the loop body once (1000 trips, three f32[256,256]
# buffers), and the program is not run: its result is an abstract value
# (shape and dtype, no data), so `.shape` works.
# CHECK:      program jit(f) ({{.*}}check_plan.py:12:7):
# CHECK-NEXT:   device 0: peak 768.00 KiB
# CHECK-NEXT:     2 x 256.00 KiB  float32[256,256] from add  (in jit(f) > fori_loop body)  at {{.*}}check_plan.py:10:48
# CHECK-NEXT:     256.00 KiB  float32[256,256] from tanh  (in jit(f) > fori_loop body)  at {{.*}}check_plan.py:10:48
# CHECK-NEXT: (256, 256)

# The cpu backend's plan: tanh is fused into the add, so the body holds the
# old and the new carry only.
# CPU:      program jit(f) ({{.*}}check_plan.py:12:7):
# CPU-NEXT:   device 0: peak 512.00 KiB
# CPU-NEXT:     2 x 256.00 KiB  float32[256,256] from add  (in jit(f) > fori_loop body)  at {{.*}}check_plan.py:10:48
# CPU-NEXT: (256, 256)
