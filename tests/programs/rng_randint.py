# randint: ranges, negative bounds, array bounds, empty ranges, 8/16/32-bit signed and unsigned dtypes, full ranges.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
print(jax.random.randint(key, (10,), 0, 10))
print(jax.random.randint(key, (2, 3), -5, 5))
print(jax.random.randint(key, (), 0, 1000), jax.random.randint(key, 3, 1, 7))
print(jax.random.randint(key, (3,), jnp.array([0, 10, 100]), jnp.array([5, 20, 1000])))
print(jax.random.randint(key, (2, 3), jnp.array([[0], [50]]), 60))
print(jax.random.randint(key, (4,), 5, 3), jax.random.randint(key, (4,), 4, 4))
for dt in [jnp.int8, jnp.uint8, jnp.int16, jnp.uint16, jnp.int32, jnp.uint32]:
    r = jax.random.randint(key, (6,), 0, 100, dtype=dt)
    print(r.dtype, r)
print(jax.random.randint(key, (6,), 0, 256, dtype=jnp.uint8), jax.random.randint(key, (6,), -128, 128, dtype=jnp.int8))
print(jax.random.randint(key, (6,), -1000, 1000, dtype=jnp.int8))
print(jax.random.randint(key, (4,), 0, 70000, dtype=jnp.uint16))
print(jax.random.randint(key, (4,), -2 ** 31, 2 ** 31 - 1))
print(jax.random.randint(key, (4,), jnp.uint32(10), jnp.uint32(4000000000), dtype=jnp.uint32))
print(jax.random.randint(key, (4,), 2.7, 9.2))
r = jax.random.randint(jax.random.PRNGKey(4), (50000,), 0, 7)
print(jnp.min(r), jnp.max(r), jnp.sum(r == 3), jnp.sum(r))
