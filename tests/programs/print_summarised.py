# Arrays with more than 1000 elements are summarised with edgeitems=3 and '...'.
import jax.numpy as jnp

print(jnp.arange(1000))
print(jnp.arange(1001))
print(jnp.arange(2000.0) / 4)
print(jnp.arange(1200).reshape(40, 30))
print(jnp.arange(1100).reshape(11, 10, 10))
print(jnp.ones((2, 600), dtype=jnp.bool_))
print(jnp.arange(5000, dtype=jnp.uint8))
