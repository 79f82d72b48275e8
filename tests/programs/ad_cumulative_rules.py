# covers: grads and jvps of lax.cummax/cummin (ties share the derivative, as JAX), reverse=True, along axis 0 and 1, lax.cumsum/cumprod, under jit
import jax, jax.numpy as jnp
from jax import lax
x = jnp.array([1., 3., 2., 5., 5.])
print(jax.grad(lambda x: jnp.sum(lax.cummax(x)))(x))
print(jax.grad(lambda x: jnp.sum(lax.cummin(x) * jnp.arange(5.0)))(jnp.array([3., 1., 2., 0.5, 4.])))
print(jax.grad(lambda x: jnp.sum(lax.cummax(x, reverse=True) ** 2))(x))
M = jnp.array([[1., 4., 2.], [3., 0., 3.]])
print(jax.grad(lambda m: jnp.sum(lax.cummax(m, axis=1) * jnp.array([1., 2., 3.])))(M))
print(jax.grad(lambda m: jnp.sum(lax.cummin(m, axis=0) ** 2))(M))
print(jax.jvp(lambda v: lax.cummax(v), (x,), (jnp.arange(5.0),)))
print(jax.jit(jax.grad(lambda v: jnp.sum(lax.cumsum(v, reverse=True) * lax.cumprod(v))))(x / 5.0))
print(jax.jit(jax.grad(lambda m: jnp.sum(lax.cummin(m, axis=1, reverse=True) * m)))(M))
print(jax.jacrev(lambda v: lax.cummax(v))(jnp.array([2.0, 1.0, 2.0, 3.0])))
