# Result dtypes of reductions and unary float functions on small ints and bools.
import jax.numpy as jnp

u = jnp.array([200, 100, 50], dtype=jnp.uint8)
b = jnp.array([True, True, False])
h = jnp.array([1.5, 2.5], dtype=jnp.float16)
i = jnp.arange(4)
print(jnp.sum(u), jnp.sum(u).dtype, jnp.sum(b), jnp.sum(b).dtype)
print(jnp.prod(u).dtype, jnp.prod(b).dtype, jnp.max(u).dtype, jnp.min(b).dtype)
print(jnp.mean(i), jnp.mean(i).dtype, jnp.mean(b), jnp.mean(h).dtype, jnp.mean(u))
print(jnp.argmax(u).dtype, jnp.argmin(h).dtype, jnp.cumsum(u), jnp.cumsum(u).dtype, jnp.cumsum(b).dtype)
print(jnp.all(i).dtype, jnp.any(u), jnp.sum(h), jnp.sum(h).dtype)
print(jnp.exp(i).dtype, jnp.sqrt(u).dtype, jnp.sin(b).dtype, jnp.tanh(h).dtype, jnp.log1p(i).dtype)
print(jnp.abs(u).dtype, jnp.sign(i).dtype, jnp.floor(i).dtype, jnp.ceil(h).dtype, jnp.round(i).dtype)
print(jnp.maximum(u, 3).dtype, jnp.minimum(h, 1).dtype, jnp.clip(u, 1, 2).dtype, jnp.power(i, 2).dtype)
print((i == 1).dtype, jnp.logical_and(i, b[0]).dtype, jnp.where(b, u, 1).dtype, jnp.where(b[:2], h, 1.0).dtype)
print(jnp.dot(u, u), jnp.dot(u, u).dtype, jnp.matmul(h, h).dtype, jnp.dot(b, b), jnp.dot(i, i).dtype)
