# RUN: not %parax %s 2>&1 | FileCheck %s
import jax.numpy as jnp
from jax import lax

def body(i, acc):
    return acc + 0.5

print(lax.fori_loop(0, 3, body, jnp.int32(0)))

# CHECK:      fori_carry_mismatch.py:6:12: error: TypeError: fori_loop body function carry input and carry output must have equal types
# CHECK:      The input carry acc has type int32[] but the corresponding output carry component has type float32[], so the dtypes do not match.
# CHECK:      {{^}}    return acc + 0.5
# CHECK-NEXT: {{^}}           ^
# CHECK-NEXT: note: carry in:  int32[]
# CHECK-NEXT: note: carry out: float32[]
# CHECK-NEXT: fori_carry_mismatch.py:8:7: note: the loop is called here
# CHECK:      hint: {{.*}}shape and dtype
