# RUN: %parax --cache-dir off --backend cpu --dump llvm %s 2>&1 | FileCheck %s
# A reshape whose consumer indexes it dim by dim (a transpose, here: the
# shard layout of a 2-D mesh) maps the dims run by run: splitting 4 into
# 2 x 2 costs a div/mod by 2; the 332 and 256 dims carry over, with no
# decomposition of the flat index by 256 or 332.
import jax
import jax.numpy as jnp

@jax.jit
def blocks(x):
    return x.reshape(2, 332, 2, 256).transpose(0, 2, 1, 3).reshape(4, 332, 256)

x = jnp.arange(664 * 512, dtype=jnp.float32).reshape(664, 512)
y = blocks(x)
print(y.shape, float(y[1, 0, 0]), float(y[2, 1, 3]))
# CHECK: define {{.*}}@parax_main
# CHECK-NOT: {{udiv|urem}} i64 %{{[^,]*}}, {{256|332|84992|169984}}
# CHECK: (4, 332, 256) 256.0 170499.0
