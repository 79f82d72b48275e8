# conform: error=ConcretizationTypeError line=7
# jnp.arange needs a concrete stop.
import jax
import jax.numpy as jnp

def ramp(n):
    return jnp.arange(n) * 2

print(ramp(4))
print(jax.jit(ramp)(4))
