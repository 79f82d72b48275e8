# RUN: %parax --devices 4 %s | FileCheck %s
# The seed pattern: pmap + fori_loop + psum + axis_index.
import jax
import jax.numpy as jnp
from jax import lax

def singledevice_func(x):
    def body(i, acc):
        return acc + lax.psum(acc * (lax.axis_index('i') + 1), 'i') * 0.01
    return lax.fori_loop(0, 5, body, x)

out = jax.pmap(singledevice_func, axis_name='i')(jnp.arange(8.0).reshape(4, 2))
print(out)
print(out.shape, out.dtype)

# Expected output from JAX with 4 host devices.
# CHECK:      {{\[\[}} 2.44204    4.05255  ]
# CHECK-NEXT:  [ 4.44204    6.0525503]
# CHECK-NEXT:  [ 6.4420404  8.05255  ]
# CHECK-NEXT:  [ 8.44204   10.05255  ]]
# CHECK-NEXT: (4, 2) float32
