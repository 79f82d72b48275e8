# numpy float formatting: shortest float32 repr, decimal alignment, trailing dots, negative zero.
import jax.numpy as jnp

print(jnp.array([1.0, 2.0, 3.0]))
print(jnp.array([0.1, 1 / 3, 100.0]))
print(jnp.array([1.5, -2.25, 3.125]))
print(jnp.array([-0.0, 0.0, 1.0]))
print(jnp.array([0.001, 1.0]), jnp.array([0.0001, 1.0]), jnp.array([0.00001, 1.0]))
print(jnp.array([1e7, 1.0]), jnp.array([1e8, 1.0]), jnp.array([99999999.0]))
print(jnp.array([0.001, 10.0]), jnp.array([0.01, 10.0]), jnp.array([0.5, 1000.0]))
print(jnp.array([123456.7, 0.5]), jnp.array([1.1, 22.22, 333.333]))
print(jnp.array([0.1, 0.2]) + jnp.array([0.2, 0.1]))
print(jnp.array([-1.0, -10.0, -100.0]), jnp.array([1e-3, -1e-3]))
print(jnp.arange(5.0) / 7)
print(jnp.array([3.0e-5, 2.5e12, -7.0]))
