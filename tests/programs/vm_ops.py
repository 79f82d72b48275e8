# vmap over each family of primitives: elementwise, shape, reductions, dot, cumulative, random
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(12.0).reshape(3, 4) - 5.0
print(jax.vmap(lambda v: jnp.where(v > 0, jnp.exp(-v), jnp.sin(v)))(x))
print(jax.vmap(lambda v: v.reshape(2, 2).T)(x))
print(jax.vmap(lambda v: jnp.concatenate([v, v[:1] * 10.0]))(x))
print(jax.vmap(lambda v: jnp.pad(v, (1, 2)))(x))
print(jax.vmap(lambda v: jnp.flip(v))(x))
print(jax.vmap(lambda v: jnp.broadcast_to(v, (2, 4)))(x).shape)
print(jax.vmap(lambda v: (jnp.argmax(v), jnp.argmin(v), jnp.prod(v), jnp.min(v)))(x))
print(jax.vmap(lambda v: jnp.cumsum(v))(x))
print(jax.vmap(lambda v: jnp.cumprod(v[:3]), in_axes=1)(x))
print(jax.vmap(jnp.outer)(x, x[::-1]))
print(jax.vmap(lambda a, b: a @ b, in_axes=(None, 1))(x, x.T))
print(jax.vmap(lambda m: m @ m.T)(jnp.stack([x, x + 1.0])))
print(jax.vmap(lambda v: v.astype(jnp.int32) // 2)(x))
print(jax.vmap(lambda v: jnp.sort(v)[::-1])(x))
keys = jax.random.split(jax.random.PRNGKey(0), 3)
print(jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys))
print(jax.vmap(lambda k, m: jax.random.uniform(k) * m)(keys, jnp.array([1.0, 10.0, 100.0])))
print(jax.vmap(lambda v: jnp.mean(v), in_axes=1)(x), jax.vmap(jnp.linalg.norm)(x))
print(jax.vmap(lambda v, s: v[1:3] * s, in_axes=(0, 0))(x, jnp.arange(3.0)))
