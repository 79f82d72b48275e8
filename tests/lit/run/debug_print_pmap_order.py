# RUN: %parax --devices 4 %s | FileCheck %s
# jax.debug.print under pmap prints once per device, in device order.
import jax
import jax.numpy as jnp
from jax import lax

def step(x):
    jax.debug.print("device {i}: x={x:.1f}", i=lax.axis_index('d'), x=x)
    return x * 2

print("start")
print(jax.pmap(step, axis_name='d')(jnp.arange(4.0)))

# CHECK:      start
# CHECK-NEXT: device 0: x=0.0
# CHECK-NEXT: device 1: x=1.0
# CHECK-NEXT: device 2: x=2.0
# CHECK-NEXT: device 3: x=3.0
# CHECK-NEXT: [0. 2. 4. 6.]
