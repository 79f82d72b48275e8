# expand_dims (incl. negative and tuple axes), squeeze (all / one axis), broadcast_to, implicit broadcasting.
import jax.numpy as jnp

x = jnp.arange(6).reshape(2, 3)
print(jnp.expand_dims(x, 0).shape, jnp.expand_dims(x, 1).shape, jnp.expand_dims(x, -1).shape, jnp.expand_dims(x, (0, 3)).shape)
s = jnp.zeros((1, 3, 1, 2))
print(jnp.squeeze(s).shape, jnp.squeeze(s, 0).shape, jnp.squeeze(s, axis=2).shape, jnp.squeeze(s, (0, 2)).shape, jnp.squeeze(s, -2).shape)
print(jnp.squeeze(jnp.array([[5]])), jnp.squeeze(jnp.array([[5]])).shape)
print(jnp.broadcast_to(jnp.arange(3), (2, 3)), jnp.broadcast_to(jnp.array(7.0), (2,)), jnp.broadcast_to(jnp.arange(2).reshape(2, 1), (2, 3)))
col = jnp.arange(3).reshape(3, 1)
row = jnp.arange(4)
print(col + row, (col * row).shape)
print(x + jnp.array([10, 20, 30]), x * jnp.array([[1], [-1]]))
print(jnp.ones((2, 1, 3)) + jnp.ones((4, 1)), (jnp.ones((2, 1, 3)) + jnp.ones((4, 1))).shape)
