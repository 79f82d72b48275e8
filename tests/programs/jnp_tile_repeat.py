# tile (int and tuple reps, rank promotion) and repeat (scalar, per-element, axis=None flattening).
import jax.numpy as jnp

x = jnp.array([1, 2, 3])
m = jnp.array([[1, 2], [3, 4]])
print(jnp.tile(x, 2), jnp.tile(x, (2, 2)), jnp.tile(m, 2), jnp.tile(m, (2, 1)))
print(jnp.tile(x, (1, 1, 2)).shape, jnp.tile(jnp.array(5), 3), jnp.tile(m, (1,)).shape)
print(jnp.repeat(x, 2), jnp.repeat(m, 2), jnp.repeat(m, 2, axis=0), jnp.repeat(m, 3, axis=1))
print(jnp.repeat(x, jnp.array([1, 0, 2])), jnp.repeat(m, jnp.array([2, 1]), axis=0))
print(jnp.repeat(jnp.array(7), 3), jnp.repeat(x, 1), jnp.repeat(m, 2, axis=-1).shape)
