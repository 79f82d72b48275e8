# pmap of closures, of jitted functions, pmap called inside Python loops; results reused eagerly.
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
scale = jnp.array(3.0)
def make(k):
    return jax.pmap(lambda v: v * scale + k)
print(make(1.0)(jnp.arange(n * 1.0)), make(-1.0)(jnp.ones(n)))
inner = jax.jit(lambda v: jnp.cumsum(v))
print(jax.pmap(inner)(jnp.ones((n, 3))))
step = jax.pmap(lambda v: lax.pmean(v, 'i') + v, axis_name='i')
x = jnp.arange(n * 1.0)
for _ in range(3):
    x = step(x)
print(x, jnp.sum(x), x.shape)
y = jax.pmap(lambda v: v ** 2)(jnp.arange(n * 2.0).reshape(n, 2))
print(y.sum(axis=0), y[1], y.T.shape)
