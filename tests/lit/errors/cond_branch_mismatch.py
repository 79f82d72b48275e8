# RUN: not %parax %s 2>&1 | FileCheck %s
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.cond(x > 0, lambda v: v * 2, lambda v: v.astype(jnp.float32), x)

print(jax.jit(f)(jnp.int32(3)))

# CHECK:      cond_branch_mismatch.py:7:12: error: TypeError: cond branches must have equal output types but they differ.
# CHECK:      The output of false_fun has type float32[] but the corresponding output of true_fun has type int32[], so the dtypes do not match.
# CHECK:      cond_branch_mismatch.py:7:55: note: false_fun returns float32[]
# CHECK-NEXT: {{^}}    return lax.cond
# CHECK-NEXT: {{^}}                                                      ^~~~~~~~~~~~~~~~~~~~~
# CHECK-NEXT: cond_branch_mismatch.py:7:38: note: true_fun returns int32[]
# CHECK:      hint: {{.*}}cond does not promote
