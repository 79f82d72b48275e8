# Four devices in a 2e9-iteration loop with a psum each iteration: devices stop at the loop
# or wake from the collective's wait, and the program ends with TimeoutError.
# hostile: args=--devices 4 --timeout 2
# hostile: error=TimeoutError line=10|11
# hostile: timeout=30
import jax
from jax import lax
import jax.numpy as jnp

spin = jax.pmap(lambda x: lax.fori_loop(0, 2000000000,
                                        lambda i, c: lax.psum(c, 'd') * 0.25, x),
                axis_name='d')
print(spin(jnp.ones(4)))
