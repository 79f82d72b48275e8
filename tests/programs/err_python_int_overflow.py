# conform: error=OverflowError line=6
# A Python int that does not fit in int32 cannot become an array.
import jax.numpy as jnp

print(jnp.array(2 ** 31 - 1))
print(jnp.array(2 ** 31))
