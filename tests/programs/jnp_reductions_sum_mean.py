# sum/mean/prod with axis=None/int/negative/tuple and keepdims.
import jax.numpy as jnp

x = jnp.arange(24.0).reshape(2, 3, 4)
print(jnp.sum(x), jnp.sum(x, axis=0), jnp.sum(x, axis=-1))
print(jnp.sum(x, axis=(0, 2)), jnp.sum(x, axis=(0, 1, 2)), jnp.sum(x, axis=1, keepdims=True).shape)
print(jnp.sum(x, axis=(0, 2), keepdims=True), jnp.sum(x, keepdims=True).shape)
print(jnp.mean(x), jnp.mean(x, axis=1), jnp.mean(x, axis=(1, 2), keepdims=True).shape)
i = jnp.arange(1, 7).reshape(2, 3)
print(jnp.prod(i), jnp.prod(i, axis=0), jnp.prod(i, axis=1, keepdims=True))
print(x.sum(), x.sum(axis=2), x.mean(axis=0), i.prod(axis=-1))
print(jnp.sum(jnp.zeros((0, 3)), axis=0), jnp.prod(jnp.zeros((0,))), jnp.mean(i, axis=-2))
print(jnp.sum(jnp.array(5)), jnp.sum(i, axis=()), jnp.mean(jnp.array([1, 2], dtype=jnp.uint8)))
