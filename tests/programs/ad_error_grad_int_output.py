# conform: error=TypeError line=8
# covers: jax.grad of a function with an integer output: JAX's TypeError 'grad requires real-valued outputs', located at the call
import jax
import jax.numpy as jnp

def f(x):
    return jnp.sum(x).astype(jnp.int32)
print(jax.grad(f)(jnp.ones(2)))
