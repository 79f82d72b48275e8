# all/any with axes, cumsum with axis=None (flattens), axis, negative axis, dtypes.
import jax.numpy as jnp

b = jnp.array([[True, False, True], [True, True, True]])
print(jnp.all(b), jnp.any(b), jnp.all(b, axis=0), jnp.any(~b, axis=1), jnp.all(b, axis=1, keepdims=True))
n = jnp.array([[0, 1], [2, 3]])
print(jnp.all(n), jnp.any(n), jnp.all(n, axis=0), jnp.any(n > 2, axis=(0, 1)))
print(jnp.all(jnp.zeros((0,))), jnp.any(jnp.zeros((0,))))
x = jnp.arange(1, 7).reshape(2, 3)
print(jnp.cumsum(x), jnp.cumsum(x, axis=0), jnp.cumsum(x, axis=1), jnp.cumsum(x, axis=-2))
print(jnp.cumsum(jnp.array([0.5, 0.25, 0.125])), jnp.cumsum(jnp.array([True, False, True])), x.cumsum())
print(x.cumsum(axis=1), b.all(), b.any(axis=0))
