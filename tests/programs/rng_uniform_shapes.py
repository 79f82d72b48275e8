# uniform over shapes and ranges: scalar, vectors, 3-D; minval/maxval as scalars, ints and broadcast arrays; [0, 1) bounds.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(11)
print(jax.random.uniform(key))
print(jax.random.uniform(key, 4))
print(jax.random.uniform(key, [2, 3]))
x = jax.random.uniform(key, (2, 3, 4))
print(x.shape, x.dtype, x[1, 2])
print(jax.random.uniform(key, (6,), minval=-3.0, maxval=7.5))
print(jax.random.uniform(key, (6,), minval=100, maxval=101))
print(jax.random.uniform(key, (6,), jnp.float32, 0.1, 0.2))
print(jax.random.uniform(key, (2, 3), minval=jnp.array([0.0, 10.0, 100.0]), maxval=jnp.array([1.0, 20.0, 1000.0])))
print(jax.random.uniform(key, (3, 2), minval=jnp.array([[-1.0], [0.0], [1.0]]), maxval=2.0))
print(jax.random.uniform(key, (4,), minval=5.0, maxval=5.0), jax.random.uniform(key, (3,), minval=2.0, maxval=1.0))
big = jax.random.uniform(jax.random.PRNGKey(3), (100000,))
print(jnp.min(big) >= 0, jnp.max(big) < 1, jnp.mean(big), jnp.argmax(big), jnp.argmin(big))
s = jax.random.uniform(jax.random.PRNGKey(3), (100000,), minval=-1e3, maxval=1e3)
print(jnp.sum(s > 999.9), s[:3], s[-3:])
