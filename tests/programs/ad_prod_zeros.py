# covers: gradients of jnp.prod / reduce_prod and jnp.cumprod / lax.cumprod at inputs with one zero, several zeros and none (JAX's rule, no division by x), over axes and reversed, second order (hessian) at zeros, forward mode; lax.cummax/cummin/cumlogsumexp gradients
import jax
import jax.numpy as jnp
from jax import lax

for v in [jnp.array([1.0, 2.0, 0.0, 4.0, 5.0]), jnp.array([0.0, 2.0, 0.0]), jnp.array([1.5, -2.0, 0.5])]:
    print(jax.grad(jnp.prod)(v), jax.jvp(jnp.prod, (v,), (jnp.ones_like(v),))[1])
    print(jax.grad(lambda a: jnp.sum(jnp.cumprod(a) * jnp.arange(1.0, a.size + 1)))(v))
    print(jax.grad(lambda a: jnp.sum(lax.cumprod(a, reverse=True) ** 2))(v))
    print(jax.hessian(jnp.prod)(v))
m = jnp.array([[1.0, 0.0, 2.0], [3.0, -1.0, 0.5]])
print(jax.grad(lambda a: jnp.sum(jnp.prod(a, axis=0) * jnp.array([1.0, 2.0, 3.0])))(m))
print(jax.grad(lambda a: jnp.sum(jnp.prod(a, axis=1) ** 2))(m))
print(jax.grad(lambda a: jnp.sum(jnp.cumprod(a, axis=1) * jnp.cos(a)))(m))
print(jax.grad(lambda a: jnp.sum(jnp.cumprod(a, axis=0) * jnp.cos(a)))(m))
print(jax.jvp(lambda a: jnp.cumprod(a, axis=1), (m,), (jnp.ones_like(m),)))
print(jax.hessian(lambda a: jnp.sum(jnp.cumprod(a)))(jnp.array([2.0, 0.0, 3.0])))
c = jnp.array([[1.0, 3.0, 2.0, 3.0, 5.0], [0.5, -1.0, 0.25, 2.0, 2.0]])
print(jax.grad(lambda a: jnp.sum(lax.cummax(a, axis=1) * jnp.arange(5.0)))(c))
print(jax.grad(lambda a: jnp.sum(lax.cummin(a, axis=1, reverse=True) * jnp.arange(5.0)))(c))
print(lax.cumlogsumexp(c, axis=1))
print(lax.cumlogsumexp(c, axis=0, reverse=True))
print(jax.grad(lambda a: jnp.sum(lax.cumlogsumexp(a, axis=1) * jnp.arange(5.0)))(c))
print(jax.grad(lambda a: jnp.sum(lax.cumlogsumexp(a, axis=1, reverse=True) ** 2))(c))
print(lax.cumlogsumexp(jnp.array([-1000.0, 0.0, 3.0])))
