# conform: error=TypeError line=7
# expect: contracting dimensions
import jax.numpy as jnp

a = jnp.ones((2, 3))
b = jnp.ones((4, 5))
print(a @ b)
