# RUN: not %parax %s 2>&1 | FileCheck %s
import jax
import jax.numpy as jnp

@jax.jit
def first_n_sum(x, n):
    k = int(n)
    return jnp.sum(x[:k])

print(first_n_sum(jnp.arange(5.0), 3))

# CHECK:      concretization_int.py:7:9: error: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]
# CHECK-NEXT: The problem arose with the `int` function.
# CHECK-NEXT: The error occurred while tracing the function first_n_sum {{.*}} depends on the value of the argument n.
# CHECK-NEXT: {{^}}        k = int(n)
# CHECK-NEXT: {{^}}            ^
# CHECK-NEXT: {{^}}  in jit(first_n_sum)
# CHECK-NEXT: hint: {{.*}}astype{{.*}}static
