# RUN: not %parax %s 2>&1 | FileCheck %s
import jax.numpy as jnp

x = jnp.zeros(5)
x[1] = 3.0

# CHECK:      inplace_assignment.py:5:1: error: TypeError: JAX arrays are immutable and do not support in-place item assignment.
# CHECK-SAME: use x = x.at[idx].set(y)
# CHECK-NEXT: {{^}}    x[1] = 3.0
# CHECK-NEXT: {{^}}    ^
# CHECK-NEXT: hint: write `x = x.at[idx].set(value)`
