# max/min/argmax/argmin with axes and keepdims; ties pick the first; argmax over flattened.
import jax.numpy as jnp

x = jnp.array([[3, 7, 7], [9, 1, 9]])
print(jnp.max(x), jnp.min(x), jnp.max(x, axis=0), jnp.min(x, axis=1), jnp.max(x, axis=(0, 1)))
print(jnp.max(x, axis=1, keepdims=True), jnp.min(x, axis=-1, keepdims=True).shape)
print(jnp.argmax(x), jnp.argmin(x), jnp.argmax(x, axis=0), jnp.argmax(x, axis=1), jnp.argmin(x, axis=-1))
print(jnp.argmax(x, axis=1, keepdims=True), jnp.argmax(jnp.array([5.0, 5.0, 5.0])))
f = jnp.array([-0.5, 2.25, -3.0, 2.25])
print(x.max(), f.min(), f.argmax(), f.argmin(), x.max(axis=1), x.argmin(axis=0))
print(jnp.max(jnp.array([True, False])), jnp.min(jnp.array([1, 2], dtype=jnp.uint8)), jnp.argmax(jnp.array([False, True, True])))
t = jnp.arange(24).reshape(2, 3, 4) % 7
print(jnp.max(t, axis=(0, 2)), jnp.argmax(t, axis=2), jnp.min(t, axis=(1,), keepdims=True))
