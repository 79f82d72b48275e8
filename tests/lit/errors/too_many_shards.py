# RUN: not %parax --devices 4 %s 2>&1 | FileCheck %s
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(8.0)
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(x))

# CHECK:      too_many_shards.py:7:7: error: ValueError: compiling computation that requires 8 logical devices, but only 4 XLA devices are available (num_replicas=8)
# CHECK-SAME: argument 'v' of shape (8,) is mapped along axis 0 of size 8
# CHECK-NEXT: {{^}}    print(jax.pmap
# CHECK-NEXT: {{^}}          ^~~~
# CHECK-NEXT: hint: {{.*}}x.reshape(jax.device_count(), -1, ...)
