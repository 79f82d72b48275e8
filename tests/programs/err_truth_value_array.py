# conform: error=ValueError line=8
# Truth value of a multi-element concrete array is ambiguous.
import jax.numpy as jnp

x = jnp.array([1.0, -1.0])
if jnp.all(x > -2):
    print('all above -2')
if x > 0:
    print('positive')
