# conform: error=NameError line=8
# expect: name 'jnpp' is not defined
# expect: did you mean
import jax
import jax.numpy as jnp

x = jnp.ones(3)
print(jnpp.sum(x))
