# conform: error=TypeError line=7
# switch branches return different shapes.
import jax.numpy as jnp
from jax import lax

branches = [lambda x: x, lambda x: x.sum(), lambda x: -x]
print(lax.switch(1, branches, jnp.ones(3)))
