# covers: Explicit-mode jnp.where / lax.select sharding: cases split alike keep the split, a replicated case beside a split one is a ShardingTypeError, scalars and broadcast operands take the common split
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
base = np.arange(64, dtype=np.float32).reshape(8, 8) - 20
a = jax.device_put(base, P('x', 'y'))
b = jax.device_put(base, P('x', None))
c = jax.device_put(base, P(None, 'y'))
r = jax.device_put(base, P())
v = jax.device_put(np.arange(8, dtype=np.float32), P('y'))

def show(name, f, *args):
    try:
        out = jax.jit(f)(*args)
        print(name, jax.typeof(out), float(jnp.sum(out)))
    except Exception as e:
        print(name, type(e).__name__)

show('where same', lambda p, q: jnp.where(p > 0, p, q), b, b)
show('where x vs y', lambda p, q: jnp.where(p > 0, p, q), b, c)
show('where x vs repl', lambda p, q: jnp.where(p > 0, p, q), b, r)
show('where repl cond', lambda p, q: jnp.where(q > 0, p, 0.), b, r)
show('where scalars', lambda p: jnp.where(p > 0, 1., -1.), a)
show('where bcast vec', lambda p, q: jnp.where(p > 0, p, q), b, v)
show('relu', lambda p: jnp.where(p > 0, p, jnp.zeros_like(p)), a)
show('select same', lambda p: lax.select(p > 0, p, -p), a)
show('select vs repl', lambda p, q: lax.select(p > 0, p, q), a, r)
show('select which repl', lambda p, q: lax.select(q > 0, p, p), b, r)
show('clip', lambda p: jnp.clip(p, -3, 3), a)
print('eager', jax.typeof(jnp.where(a > 0, a, 0.)))
