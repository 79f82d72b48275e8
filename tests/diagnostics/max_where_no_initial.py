# conform: error=ValueError line=7
# expect: to use a where mask one has to specify 'initial'
import jax.numpy as jnp

a = jnp.array([[1., 5.], [3., 2.]])
m = jnp.array([[True, False], [True, True]])
print(jnp.max(a, where=m))
