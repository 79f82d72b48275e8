# jax.nn.softplus exists in parax but fails internally (refers to jnp.logaddexp).
import jax
import jax.numpy as jnp

x = jnp.array([-2.0, 0.0, 1.0, 30.0])
print(jax.nn.softplus(x))
print(jax.jit(jax.nn.softplus)(x))
