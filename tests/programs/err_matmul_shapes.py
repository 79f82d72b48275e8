# conform: error=TypeError line=8
# matmul with mismatched contracting dimensions.
import jax.numpy as jnp

a = jnp.ones((2, 3))
b = jnp.ones((2, 3))
print(a @ b.T)
print(a @ b)
