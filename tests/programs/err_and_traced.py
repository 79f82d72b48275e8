# conform: error=TracerBoolConversionError line=7
# `and` forces bool() on a traced comparison.
import jax
import jax.numpy as jnp

def both_positive(a, b):
    return jnp.where((a > 0) and (b > 0), 1, 0)

print(both_positive(1.0, 2.0))
print(jax.jit(both_positive)(1.0, 2.0))
