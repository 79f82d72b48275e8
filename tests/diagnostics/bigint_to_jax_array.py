# conform: error=OverflowError line=6
# expect: too large to convert to int32
# JAX refuses Python ints beyond int32 when they become arrays.
import jax.numpy as jnp
big = 2 ** 100
print(jnp.array(big) + 1)
