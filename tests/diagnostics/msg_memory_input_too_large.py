# conform: parax-only error=RESOURCE_EXHAUSTED line=13 parax-args=--device-memory 40MiB
# expect: the input float32[2048,2048] (16.00 MiB) is itself too large for this budget
# The two buffers at the peak are the fori_loop carry's old and new value (one
# SSA value), not an unrolled Python loop: the hint must not blame one.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x):
    return lax.fori_loop(0, 10, lambda i, c: jnp.tanh(c) + c, x)

print(f(jnp.ones((2048, 2048))).shape)
