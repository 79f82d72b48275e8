# assert statements that pass, with and without messages, on Python values and concrete arrays.
import jax.numpy as jnp

x = jnp.arange(5)
assert x.shape == (5,)
assert x.dtype == jnp.int32, "dtype"
assert jnp.sum(x) == 10
assert bool(jnp.all(x >= 0)), 'non-negative'
assert len([1, 2]) == 2
assert x.ndim == 1 and x.size == 5
assert not (x.shape[0] > 5)
print('all asserts passed', x.sum())
y = jnp.ones((2, 3))
assert y.shape[1] == 3, f"got {y.shape}"
print(y.shape, y.ndim, y.size, y.dtype)
