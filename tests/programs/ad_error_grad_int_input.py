# conform: error=TypeError line=7
# covers: jax.grad with respect to an integer argument (argnums tuple, the float one works, allow_int lifts the check): JAX's TypeError 'grad requires real- or complex-valued inputs', at the call
import jax
import jax.numpy as jnp

print(jax.grad(lambda x, y: x * y, argnums=1, allow_int=True)(2.0, 3))
print(jax.grad(lambda x, y: x * y, argnums=(0, 1))(2.0, 3))
