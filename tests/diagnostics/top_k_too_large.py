# conform: error=ValueError line=5
# expect: k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axis=0
import jax.numpy as jnp
from jax import lax
v, i = lax.top_k(jnp.ones(3), 5)
