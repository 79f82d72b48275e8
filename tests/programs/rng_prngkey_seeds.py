# PRNGKey/key seeding: Python ints (negative, >32 bits), integer arrays of each width, traced seeds; raw uint32[2] keys.
import jax
import jax.numpy as jnp

for s in [0, 1, 42, -1, -7, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 33 + 5, True]:
    print(s, jax.random.PRNGKey(s))
k = jax.random.PRNGKey(123)
print(k.dtype, k.shape, k.ndim, k[0], k[1])
print(jax.random.PRNGKey(jnp.int32(7)), jax.random.PRNGKey(jnp.uint32(4000000000)))
print(jax.random.PRNGKey(jnp.int8(-3)), jax.random.PRNGKey(jnp.int16(-300)), jax.random.PRNGKey(jnp.uint8(200)))
print(jax.jit(jax.random.PRNGKey)(-1), jax.jit(jax.random.PRNGKey)(jnp.int32(99)))
print(jax.random.key_data(jax.random.key(0)), jax.random.key_data(jax.random.key(-5)))
print(jax.random.key_data(jax.random.PRNGKey(9)), jax.random.key_data(jax.random.split(jax.random.key(3), 3)))
print(jax.random.key_data(jax.random.wrap_key_data(jnp.array([1, 2], jnp.uint32))))
print(jnp.all(jax.random.key_data(jax.random.key(77)) == jax.random.PRNGKey(77)))
