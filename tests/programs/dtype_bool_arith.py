# bool arrays: + is logical or, * is and, with ints/floats they promote; logical_* functions.
import jax.numpy as jnp

t = jnp.array([True, True, False, False])
s = jnp.array([True, False, True, False])
print(t + s, t * s, t - 0, (t + s).dtype)
print(t + 1, t * 2.5, (t + 1).dtype)
print(jnp.logical_and(t, s), jnp.logical_or(t, s), jnp.logical_xor(t, s), jnp.logical_not(t))
print(t & s, t | s, t ^ s, ~t)
print(jnp.sum(t), jnp.mean(s), jnp.all(t), jnp.any(s & ~s), jnp.cumsum(t))
print(jnp.logical_and(jnp.array([0, 1, 2]), jnp.array([1.0, 0.0, 3.0])), jnp.logical_not(jnp.array([0.0, 2.0])))
print(jnp.where(t, 1, 0), jnp.max(t), jnp.min(t), jnp.argmax(s[1:]))
print(jnp.array(True) + jnp.array(True), jnp.array(True) * 3, jnp.array(False) - 1)
