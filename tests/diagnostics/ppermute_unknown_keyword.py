# conform: error=TypeError line=7
# expect: ppermute() got an unexpected keyword argument 'permutation'
import jax
import jax.numpy as jnp
from jax import lax

f = jax.pmap(lambda x: lax.ppermute(x, 'i', permutation=[(0, 1)]), axis_name='i')
print(f(jnp.arange(4.)))
