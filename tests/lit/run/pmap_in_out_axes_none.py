# RUN: %parax --devices 4 %s | FileCheck %s
import jax
import jax.numpy as jnp
from jax import lax

def step(x, w):
    return x * w, lax.psum(x, 'i')

f = jax.pmap(step, axis_name='i', in_axes=(0, None), out_axes=(0, None))
scaled, total = f(jnp.arange(4.0), jnp.float32(10.0))
print(scaled, total)
print(scaled.shape, total.shape)

# CHECK:      [ 0. 10. 20. 30.] 6.0
# CHECK-NEXT: (4,) ()
