# RUN: %parax --devices 2 --dump ir %s 2>&1 | FileCheck %s
# A collective whose result is unused stays: every device must still join it
# (removing it on some paths would make devices disagree).
import jax
import jax.numpy as jnp
from jax import lax

def step(x):
    lax.psum(x, 'i')
    dead = jnp.tanh(x)
    return x + 1.0

print(jax.pmap(step, axis_name='i')(jnp.arange(2.0)))

# CHECK-LABEL: func @pmap_step(
# CHECK:         psum %{{[0-9]+}} axis_name="i" : f32[]
# CHECK-NOT:     tanh
# CHECK:       [1. 2.]
