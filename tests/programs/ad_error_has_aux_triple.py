# conform: error=TypeError line=11
# covers: has_aux misuse: value_and_grad(has_aux=True) of a function returning three values: JAX's TypeError 'expected function with aux output to return a two-element tuple', at the call; a correct pair works first
import jax
import jax.numpy as jnp

def f(x):
    return jnp.sum(x ** 2), x * 2, 3.0
def g(x):
    return jnp.sum(x ** 2), {'double': x * 2}
print(jax.value_and_grad(g, has_aux=True)(jnp.ones(2)))
print(jax.value_and_grad(f, has_aux=True)(jnp.ones(2)))
