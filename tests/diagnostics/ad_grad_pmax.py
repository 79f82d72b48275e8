# conform: error=NotImplementedError line=7
# expect: Differentiation rule for 'pmax' not implemented
import jax
import jax.numpy as jnp
from jax import lax

print(jax.pmap(jax.grad(lambda v: lax.pmax(v * v, 'i')), axis_name='i')(jnp.arange(4.0)))
