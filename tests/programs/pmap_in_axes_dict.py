# in_axes as a dict prefix and dict arguments; outputs as dicts.
import jax
import jax.numpy as jnp

n = jax.device_count()
params = {'w': jnp.arange(n * 2.0).reshape(n, 2), 'b': jnp.array([0.5, -0.5])}
def f(p, x):
    return {'y': p['w'] * x + p['b'], 'norm': jnp.sum(p['w'] ** 2)}
out = jax.pmap(f, in_axes=({'w': 0, 'b': None}, None))(params, 2.0)
print(out['y'])
print(out['norm'])
print(jax.pmap(lambda d: d['a'] - d['b'], in_axes=({'a': 0, 'b': 0},))({'a': jnp.arange(n), 'b': jnp.ones(n, dtype=jnp.int32)}))
print(jax.pmap(lambda d: d['a'] * d['k'], in_axes=({'a': 0, 'k': None},))({'a': jnp.arange(n), 'k': 7}))
print(jax.pmap(lambda d: d['a'], in_axes=0)({'a': jnp.arange(n) * 3}))
