# conform: error=ValueError line=8|10
# covers: reverse mode through lax.while_loop (jacrev): JAX's ValueError 'Reverse-mode differentiation does not work for lax.while_loop', after forward mode (jacfwd) of the same function worked
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0] * x, c[1] + 1), (1.0, 0))[0]
print(jax.jacfwd(f)(2.0))
print(jax.jacrev(f)(2.0))
