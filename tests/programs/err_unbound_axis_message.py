# covers: an unbound axis name under pmap, vmap and jit raises NameError with JAX's message (parax's details go to the hint)
import jax, jax.numpy as jnp
from jax import lax
for f in (lambda: jax.pmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones(4)),
          lambda: jax.vmap(lambda x: lax.psum(x, "j"), axis_name="v")(jnp.ones(4)),
          lambda: jax.jit(lambda x: lax.psum(x, "j"))(jnp.ones(4))):
    try:
        f()
    except NameError as e:
        print(repr(str(e)))
