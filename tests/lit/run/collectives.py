# RUN: %parax --devices 4 %s | FileCheck %s
import jax
import jax.numpy as jnp
from jax import lax

def step(x):
    g = lax.all_gather(x, 'i')
    t = lax.all_gather(x, 'i', tiled=True)
    p = lax.ppermute(x, 'i', perm=[(0, 1), (1, 2)])
    return g, t, p, lax.pmax(x, 'i'), lax.pmin(x, 'i')

g, t, p, mx, mn = jax.pmap(step, axis_name='i')(jnp.arange(8.0).reshape(4, 2))
print(g.shape, t.shape)
print(g[0])
print(t[3])
print(p)
print(mx[0], mn[0])

# Expected output from JAX with 4 host devices.
# CHECK:      (4, 4, 2) (4, 8)
# CHECK-NEXT: {{\[\[}}0. 1.]
# CHECK-NEXT:  [2. 3.]
# CHECK-NEXT:  [4. 5.]
# CHECK-NEXT:  [6. 7.]]
# CHECK-NEXT: [0. 1. 2. 3. 4. 5. 6. 7.]
# CHECK-NEXT: {{\[\[}}0. 0.]
# CHECK-NEXT:  [0. 1.]
# CHECK-NEXT:  [2. 3.]
# CHECK-NEXT:  [0. 0.]]
# CHECK-NEXT: [6. 7.] [0. 1.]
