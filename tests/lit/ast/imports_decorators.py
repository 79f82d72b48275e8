# RUN: %parax --dump ast %s 2>&1 | FileCheck %s
# Imports with aliases; decorators keep their own location, the def its line.
import jax
import jax.numpy as jnp
from jax import lax, numpy as np2
from functools import partial

@partial(jax.pmap, axis_name="i")
def f(x):
    return x

@jax.jit
def g(x):
    return x

# CHECK:      Import @3:1
# CHECK-NEXT:   alias jax @3:8
# CHECK-NEXT: Import @4:1
# CHECK-NEXT:   alias jax.numpy as jnp @4:8
# CHECK-NEXT: ImportFrom jax @5:1
# CHECK-NEXT:   alias lax @5:17
# CHECK-NEXT:   alias numpy as np2 @5:22
# CHECK-NEXT: ImportFrom functools @6:1
# CHECK-NEXT:   alias partial @6:23
# CHECK-NEXT: FunctionDef f @9:1
# CHECK-NEXT:   decorator: Call @8:2
# CHECK-NEXT:     func: Name partial @8:2
# CHECK-NEXT:     Attribute pmap @8:10
# CHECK-NEXT:       Name jax @8:10
# CHECK-NEXT:     keyword axis_name @8:20
# CHECK-NEXT:       Constant 'i' @8:30
# CHECK-NEXT:   arg x @9:7
# CHECK:      FunctionDef g @13:1
# CHECK-NEXT:   decorator: Attribute jit @12:2
# CHECK-NEXT:     Name jax @12:2
