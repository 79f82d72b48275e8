# pmap with *args functions and more than two positional arguments.
import jax
import jax.numpy as jnp

n = jax.device_count()
def total(*xs):
    acc = 0.0
    for x in xs:
        acc = acc + x
    return acc
print(jax.pmap(total)(jnp.ones(n), jnp.arange(n * 1.0), jnp.full((n,), 10.0)))
print(jax.pmap(lambda a, b, c, d: a * b - c * d, in_axes=(0, None, 0, None))(jnp.arange(n), 2, jnp.ones(n, dtype=jnp.int32), 3))
args = [jnp.arange(n), jnp.arange(n) * 2]
print(jax.pmap(lambda a, b: a + b)(*args))
print(jax.pmap(lambda a, b: a - b)(jnp.arange(n), b=jnp.ones(n, dtype=jnp.int32)))
print(jax.pmap(lambda a, b=100: a + b)(jnp.arange(n)))
