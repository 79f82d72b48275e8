# Collectives inside scan inside pmap: per-step global sums, max tracking, outputs stacked per device.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
def f(xs):
    def step(c, x):
        total = lax.psum(x, 'i')
        best = lax.pmax(x, 'i')
        return c + total, (total, best, lax.axis_index('i') + 0 * x.astype(jnp.int32))
    return lax.scan(step, 0.0, xs)
data = jnp.arange(n * 3.0).reshape(n, 3) % 5
carry, (totals, bests, idx) = jax.pmap(f, axis_name='i')(data)
print(carry)
print(totals)
print(bests)
print(idx)
def g(xs):
    return lax.scan(lambda c, x: (lax.pmin(c + x, 'i'), c), jnp.float32(0), xs, reverse=True)
print(jax.pmap(g, axis_name="i")(data + 1.0 + jnp.arange(n * 1.0)[:, None]))
