# Rows longer than 75 characters wrap, continuation lines indented by nesting depth.
import jax.numpy as jnp

print(jnp.arange(40))
print(jnp.arange(30.0) * 1.5)
print(jnp.arange(60).reshape(2, 30))
print(jnp.arange(20.0).reshape(2, 10) / 3)
print(jnp.linspace(0.0, 1.0, 17))
print(jnp.arange(26) - 13)
print(jnp.array([True, False] * 15))
