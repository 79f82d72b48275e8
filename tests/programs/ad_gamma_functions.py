# covers: lax.lgamma / lax.digamma / lax.erfc and jax.scipy.special gammaln / digamma / gamma / betaln: values (positive, integers, near the poles, negative non-integers), gradients (digamma and trigamma), under jit and vmap
import jax
import jax.numpy as jnp
from jax import lax
import jax.scipy.special as sp

x = jnp.array([0.1, 0.5, 1.0, 1.5, 2.0, 3.7, 10.0, 25.5, -0.5, -1.3, -2.7])
print(lax.lgamma(x))
print(lax.digamma(x))
print(sp.gammaln(x), sp.digamma(x))
print(sp.gamma(jnp.array([0.5, 1.0, 4.0, -0.5, -1.5, 5.5])))
print(sp.betaln(jnp.array([1.0, 2.5, 0.3]), jnp.array([2.0, 0.7, 4.0])))
print(jax.grad(lambda a: jnp.sum(lax.lgamma(a)))(x))
print(jax.grad(lambda a: jnp.sum(lax.digamma(a)))(jnp.array([0.3, 1.0, 2.0, 7.5, -0.4])))
print(jax.grad(lambda a, b: sp.betaln(a, b), argnums=(0, 1))(2.5, 0.7))
print(jax.jit(jax.vmap(lax.lgamma))(jnp.array([1.0, 2.0, 3.0, 4.0])))
print(lax.erfc(jnp.array([-1.0, 0.0, 0.3, 2.0, 4.0])), jax.grad(lambda a: jnp.sum(lax.erfc(a)))(jnp.array([0.0, 1.0])))
