# scan with pytree carries, pytree xs (tuples/dicts), pytree ys, mixed dtypes, weak-int carry promotion.
import jax
import jax.numpy as jnp
from jax import lax

def step(carry, inp):
    count, total = carry
    a, b = inp
    new = (count + 1, total + a * b)
    return new, {'prod': a * b, 'idx': count}
(c, t), ys = lax.scan(step, (0, 0.0), (jnp.arange(4.0), jnp.array([1.0, -1.0, 2.0, -2.0])))
print(c, t, ys['prod'], ys['idx'])

def dstep(state, x):
    return {'hi': jnp.maximum(state['hi'], x['v']), 'n': state['n'] + x['w']}, (x['v'] > 2, x['w'] * 1.5)
final, (flags, ws) = lax.scan(dstep, {'hi': -1, 'n': 0}, {'v': jnp.array([1, 5, 2, 3]), 'w': jnp.array([1, 1, 0, 1])})
print(final, flags, ws)
print((lax.scan(lambda c, x: (c + x, None), 0, jnp.arange(3, dtype=jnp.uint8))[0],))
print((lax.scan(lambda c, x: (c + x, None), 0.0, jnp.ones(2, dtype=jnp.float16))[0],))
def multi(c, x):
    return c, (x, [x + 1, x * x])
print(lax.scan(multi, None, jnp.arange(3))[1])
