# conform: error=TypeError line=9
# expect: Gradient only defined for scalar-output functions. Output had shape: (3,)
# expect: jax.jacrev
import jax
import jax.numpy as jnp

def f(x):
    return jnp.sin(x) * 2.0
print(jax.grad(f)(jnp.arange(3.0)))
