# conform: error=TypeError line=9
# covers: jax.grad of a function returning a tuple (not a scalar): JAX's TypeError 'Gradient only defined for scalar-output functions', located at the grad call; the scalar output beforehand works
import jax
import jax.numpy as jnp

def f(x):
    return (jnp.sum(x), jnp.sum(x * x))
print(jax.grad(lambda x: f(x)[1])(jnp.ones(2)))
print(jax.grad(f)(jnp.ones(2)))
