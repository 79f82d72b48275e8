# RUN: not %parax --devices 4 %s 2>&1 | FileCheck %s
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return x + lax.psum(x, 'bacth')

print(jax.pmap(f, axis_name='batch')(jnp.zeros(4)))

# CHECK:      unbound_axis_name.py:7:16: error: NameError: Found an unbound axis name: bacth. To fix this, please call psum under `jax.shard_map`.
# CHECK-NEXT: {{^}}    return x + lax.psum(x, 'bacth')
# CHECK-NEXT: {{^}}               ^
# CHECK-NEXT: {{^}}  in pmap(f) ({{.*}}unbound_axis_name.py:9:7)
# CHECK-NEXT: hint: did you mean 'batch'? (the enclosing pmap binds 'batch')
