# in_axes: ints (0 and 1), None (replicated), tuples matching positional args, nested pytree prefixes.
import jax
import jax.numpy as jnp

n = jax.device_count()
x = jnp.arange(n * 3.0).reshape(n, 3)
xt = x.T
w = jnp.array([1.0, 10.0, 100.0])
print(jax.pmap(lambda a, b: a * b, in_axes=(0, None))(x, w))
print(jax.pmap(lambda a, b: a * b, in_axes=(1, None))(xt, w))
print(jax.pmap(lambda a, b: a + b, in_axes=(0, 0))(x, x))
print(jax.pmap(lambda a, s: a * s, in_axes=(0, None))(x, 2.0))
print(jax.pmap(lambda a, s: a + s, in_axes=(None, 0))(w, jnp.arange(n * 1.0)))
pair = (jnp.arange(n), jnp.ones((3, n)))
print(jax.pmap(lambda p: p[0] + p[1].sum(), in_axes=((0, 1),))(pair))
print(jax.pmap(lambda p, c: p[0] * c, in_axes=((0, None), None))((jnp.arange(n), 5), 3))
print(jax.pmap(lambda a: a, in_axes=1)(jnp.arange(2 * n).reshape(2, n)))
