# conform: error=TypeError line=8
# expect: same pytree structure
import jax
import jax.numpy as jnp
from jax import lax

branches = [lambda x: x, lambda x: (x, x)]
print(lax.switch(1, branches, 2.0))
