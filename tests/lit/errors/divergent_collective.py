# RUN: not %parax --devices 4 %s 2>&1 | FileCheck %s
import jax
import jax.numpy as jnp
from jax import lax

def step(x):
    i = lax.axis_index('i')
    return lax.cond(i % 2 == 0, lambda v: lax.psum(v, 'i'), lambda v: v, x)

print(jax.pmap(step, axis_name='i')(jnp.arange(4.0)))

# CHECK:      divergent_collective.py:8:43: error: DivergentCollectiveError: lax.psum over axis 'i' is inside a lax.cond branch whose predicate depends on lax.axis_index('i')
# CHECK-NEXT: {{^}}    return lax.cond(i % 2 == 0, lambda v: lax.psum(v, 'i'), lambda v: v, x)
# CHECK-NEXT: {{^}}                                          ^~~~~~~~~~~~~~~~
# CHECK-NEXT: divergent_collective.py:8:12: note: the lax.cond whose control varies between devices
# CHECK:      divergent_collective.py:7:9: note: the device-varying value comes from here
# CHECK-NEXT: {{^}}    i = lax.axis_index('i')
# CHECK:      {{^}}  in pmap(step) > cond true_fun ({{.*}}divergent_collective.py:10:7 > {{.*}}divergent_collective.py:8:12)
# CHECK-NEXT: hint: every device must reach lax.psum
# CHECK-NOT:  {{\[}}
