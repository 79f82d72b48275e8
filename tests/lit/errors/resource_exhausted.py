# RUN: not %parax --backend interp --device-memory 1MiB %s 2>&1 | FileCheck --check-prefixes=CHECK,INTERP %s
# RUN: not %parax --backend cpu --device-memory 1MiB %s 2>&1 | FileCheck --check-prefixes=CHECK,CPU %s
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    ys = []
    for k in range(8):
        ys.append(jnp.tanh(x + k))
    return sum(ys) * sum(y.max() for y in ys)  # each y read twice: stored

print("before")
print(f(jnp.ones(65536)).sum())

# The preflight fails before anything runs: nothing of f's result prints.
# CHECK:      before
# The plan is the backend's: the cpu backend fuses the sums (no add buffer).
# CHECK-NEXT: resource_exhausted.py:14:7: error: RESOURCE_EXHAUSTED: jit(f) needs
# INTERP-SAME: 2.50 MiB on device 0 at its peak
# CPU-SAME: 2.25 MiB on device 0 at its peak
# CHECK-SAME: over the 1.00 MiB budget per device; nothing was allocated
# CHECK:      resource_exhausted.py:10:19: note: live at the peak: 8 x 256.00 KiB  float32[65536] from tanh  (in jit(f))
# CHECK-NEXT: {{^}}        ys.append(jnp.tanh(x + k))
# CHECK:      hint: 8 buffers of float32[65536] from tanh {{.*}} a Python loop is unrolled at trace time {{.*}}lax.fori_loop or lax.scan
