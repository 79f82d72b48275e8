# RUN: %parax %s | FileCheck %s
import jax.numpy as jnp
from jax import lax

def step(c, x):
    return c + x, c * 10

c, ys = lax.scan(step, 0.0, jnp.array([1.0, 2.0, 3.0, 4.0]), reverse=True)
print(c, ys)
c, ys = lax.scan(step, 0.0, jnp.array([1.0, 2.0, 3.0, 4.0]))
print(c, ys)

# CHECK:      10.0 [90. 70. 40.  0.]
# CHECK-NEXT: 10.0 [ 0. 10. 30. 60.]
