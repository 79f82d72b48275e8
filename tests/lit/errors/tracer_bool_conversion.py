# RUN: not %parax %s 2>&1 | FileCheck %s
import jax
import jax.numpy as jnp

@jax.jit
def relu(x):
    if x > 0:
        return x
    return 0.0

print(relu(jnp.float32(1.0)))

# CHECK:      tracer_bool_conversion.py:7:5: error: TracerBoolConversionError: Attempted boolean conversion of traced array with shape bool[].
# CHECK-NEXT: The error occurred while tracing the function relu at {{.*}}tracer_bool_conversion.py:6 for jit. This concrete value was not available in Python because it depends on the value of the argument x.
# CHECK-NEXT: {{^}}        if x > 0:
# CHECK-NEXT: {{^}}        ^
# CHECK-NEXT: {{^}}  in jit(relu) ({{.*}}tracer_bool_conversion.py:11:7)
# CHECK-NEXT: hint: {{.*}}lax.cond(pred, true_fun, false_fun, operand){{.*}}jnp.where
