# Under jit the overflowing shape is a traced type: the error is at the line inside f.
# hostile: error=ValueError line=8
# hostile: expect=array is too big
import jax
import jax.numpy as jnp

def f(x):
    y = jnp.zeros((1 << 32, 1 << 32), dtype=jnp.int32)
    return y[0, 0:4] + x

print(jax.jit(f)(1))
