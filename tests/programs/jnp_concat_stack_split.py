# concatenate (axis, negative axis, promotion), stack (new axis positions), split (sections and indices).
import jax.numpy as jnp

a = jnp.arange(6).reshape(2, 3)
b = jnp.arange(6, 12).reshape(2, 3)
print(jnp.concatenate([a, b]), jnp.concatenate((a, b), axis=1), jnp.concatenate([a, b], axis=-1).shape)
print(jnp.concatenate([jnp.arange(2), jnp.array([2.5])]), jnp.concatenate([jnp.arange(3)]))
print(jnp.stack([a, b]).shape, jnp.stack([a, b], axis=1).shape, jnp.stack([a, b], axis=2).shape, jnp.stack([a, b], axis=-1)[1])
print(jnp.stack([jnp.array(1), jnp.array(2)]), jnp.stack((jnp.arange(2), jnp.ones(2))))
x = jnp.arange(12)
p = jnp.split(x, 3)
print(len(p), p[0], p[2])
print(jnp.split(x, [2, 5, 11]))
q0, q1 = jnp.split(a, 2)
print(q0, q1)
r = jnp.split(jnp.arange(12).reshape(2, 6), 3, axis=1)
print(r[1], jnp.split(x, [0, 12])[0].shape, jnp.split(x, [4])[1])
