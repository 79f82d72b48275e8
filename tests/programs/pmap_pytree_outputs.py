# pmap returning nested pytrees (tuples, lists, dicts, None); multiple arguments with mixed dtypes.
import jax
import jax.numpy as jnp

n = jax.device_count()
a = jnp.arange(n * 2).reshape(n, 2)
b = jnp.linspace(0.0, 1.0, n)
def f(x, y):
    return {'pair': (x * 2, y + 1), 'list': [x.sum(), y > 0.5], 'none': None}
out = jax.pmap(f)(a, b)
print(out['pair'][0], out['pair'][1])
print(out['list'][0], out['list'][1], out['none'])
print(jax.pmap(lambda x: [x, [x + 1, (x + 2,)]])(jnp.arange(n)))
print(jax.pmap(lambda u, h: (u + 1, h * 2))(jnp.arange(n, dtype=jnp.uint8) * 100, jnp.ones(n, dtype=jnp.float16)))
