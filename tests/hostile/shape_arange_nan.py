# arange with a NaN bound: numpy's "cannot compute length", not an undefined conversion.
# hostile: error=ValueError line=6
# hostile: expect=cannot compute length
import jax.numpy as jnp

print(jnp.arange(0.0, float("nan"), 1.0))
