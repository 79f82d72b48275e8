# RUN: not %parax %s 2>&1 | FileCheck %s
import jax

def repeat_add(x, n):
    for _ in range(n):
        x = x + 1
    return x

print(jax.jit(repeat_add)(0, 3))

# CHECK:      tracer_integer_conversion.py:5:14: error: TracerIntegerConversionError: The __index__() method was called on traced array with shape int32[].
# CHECK:      {{^}}    for _ in range(n):
# CHECK-NEXT: {{^}}             ^~~~~~~~
# CHECK-NEXT: {{^}}  in jit(repeat_add)
# CHECK-NEXT: hint: {{.*}}lax.fori_loop
