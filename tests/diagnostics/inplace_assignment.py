# conform: error=TypeError line=9
# expect: immutable
# expect: x = x.at[idx].set(value)
import jax.numpy as jnp

x = jnp.zeros(3)
print(x)
i = 1
x[i] = 5.0
