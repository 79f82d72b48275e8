# conform: devices=4
# per-device keys under pmap: split inside the mapped function, fold_in with axis_index, samplers match eager draws.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
keys = jax.random.split(jax.random.PRNGKey(11), n)
print(jax.pmap(lambda k: jax.random.split(k))(keys))
print(jax.pmap(lambda k: jax.random.uniform(k, (3,)))(keys))
print(jax.random.uniform(keys[2], (3,)))
print(jax.pmap(lambda k: jax.random.randint(k, (3,), -4, 4))(keys))
print(jax.pmap(lambda k: jax.random.permutation(k, 5))(keys))
print(jax.pmap(lambda k: jax.random.choice(k, 6, (2,), replace=False))(keys))
base = jax.random.PRNGKey(0)
print(jax.pmap(lambda x: jax.random.normal(jax.random.fold_in(base, lax.axis_index('i')), (2,)) + x, axis_name='i')(jnp.zeros(n)))
print(jax.random.normal(jax.random.fold_in(base, 3), (2,)))

def step(k):
    k1, k2 = jax.random.split(k)
    return lax.psum(jax.random.normal(k1, ()), 'd'), jax.random.bernoulli(k2, 0.5, (3,))

print(jax.pmap(step, axis_name='d')(keys))
print(jax.pmap(lambda k, i: jax.random.uniform(jax.random.fold_in(k, i), (2,)))(keys, jnp.arange(n)))
