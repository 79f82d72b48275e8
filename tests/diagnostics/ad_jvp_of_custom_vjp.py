# conform: error=TypeError line=11
# expect: can't apply forward-mode autodiff (jvp) to a custom_vjp function.
import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return jnp.sin(x)
f.defvjp(lambda x: (f(x), jnp.cos(x)), lambda c, g: (c * g,))
print(jax.grad(f)(1.0))
print(jax.jvp(f, (1.0,), (1.0,)))
