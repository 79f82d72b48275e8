# conform: error=TypeError line=8
# cond branches return different dtypes (cond does not promote).
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.cond(x > 0, lambda v: v * 2, lambda v: v.astype(jnp.float32), x)

print(jax.jit(f)(jnp.int32(3)))
