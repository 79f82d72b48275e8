# covers: jax.nn.mish, jax.nn.log1mexp (both branches), jax.nn.tanh and their gradients; jnp.fmax/fmin at ties (the gradient goes to the second argument, as JAX), jax.scipy.special.softmax's default axis=None, jnp.linspace with traced endpoints (values and gradient)
import jax
import jax.numpy as jnp
import jax.nn as nn
import jax.scipy.special as sp

x = jnp.array([[0.3, -1.2, 0.7], [1.5, 0.2, -0.4]])
print(nn.mish(x), nn.tanh(x))
print(jax.grad(lambda a: jnp.sum(nn.mish(a)))(x))
p = jnp.array([0.01, 0.5, 0.69, 0.7, 2.0, 30.0])
print(nn.log1mexp(p))
print(jax.grad(lambda a: jnp.sum(nn.log1mexp(a)))(p))
print(jnp.fmax(jnp.array([1.0, jnp.nan, 2.0, 0.2]), jnp.array([jnp.nan, 1.0, 3.0, 0.2])))
print(jax.grad(lambda a, b: jnp.sum(jnp.fmax(a, b) + 2.0 * jnp.fmin(a, b)), argnums=(0, 1))(x, jnp.full((2, 3), 0.2)))
print(sp.softmax(jnp.array([[1.0, 2.0], [3.0, 4.0]])), sp.log_softmax(jnp.array([1.0, 2.0, 3.0])))
print(sp.softmax(jnp.array([[1.0, 2.0], [3.0, 4.0]]), axis=1))
print(jax.grad(lambda a, b: jnp.sum(jnp.linspace(a, b, 5) ** 2), argnums=(0, 1))(0.5, 2.0))
print(jax.jit(lambda a: jnp.linspace(a, 3.0, 4, endpoint=False))(1.0))
print(jax.jit(lambda a: jnp.linspace(0.0, a, 3))(7.0), jnp.linspace(0, 1, 5))
