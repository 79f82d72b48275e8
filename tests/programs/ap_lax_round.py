# lax.round rounds halves away from zero by default (unlike jnp.round, which rounds half to even).
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([0.5, 1.5, 2.5, -0.5, -2.5, 2.4])
print(lax.round(x))
print(lax.round(2.5), lax.round(-3.5))
print(lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN))
print(jnp.round(x))
print(jax.jit(lambda v: lax.round(v))(x))
