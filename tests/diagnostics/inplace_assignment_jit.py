# conform: error=TypeError line=8
# expect: .at[]
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    x[0] = 1.0
    return x

print(f(jnp.zeros(2)))
