# Random sampling inside jit and pmap with per-device keys; results match eager sampling.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(3)
f = jax.jit(lambda k: jax.random.normal(k, (3,)))
print(f(key))
print(jax.random.normal(key, (3,)))
g = jax.jit(lambda k, lo: jax.random.uniform(k, (2,), minval=lo, maxval=lo + 1.0))
print(g(key, 10.0))
n = jax.device_count()
keys = jax.random.split(key, n)
samples = jax.pmap(lambda k: jax.random.uniform(k, (2,)))(keys)
print(samples)
print(jax.random.uniform(keys[1], (2,)))
def step(k):
    k1, k2 = jax.random.split(k)
    return jax.random.normal(k1, ()) + jax.random.normal(k2, ())
print(jax.jit(step)(key), jax.pmap(step)(keys))
