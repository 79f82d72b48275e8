# covers: Explicit-mode cumsum/cumprod/cummax, sort/argsort and argmax/argmin over split arrays: along an unsplit dim the split is kept, along a split dim cumulative ops and sort are ShardingTypeErrors while argmax reduces it away
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
base = ((np.arange(64) * 37) % 29).astype(np.float32).reshape(8, 8)
a = jax.device_put(base, P('x', 'y'))
b = jax.device_put(base, P('x', None))
c = jax.device_put(base, P(None, 'y'))

def show(name, f, *args):
    try:
        out = jax.jit(f)(*args)
        print(name, jax.typeof(out), np.asarray(out).ravel()[:8])
    except Exception as e:
        print(name, type(e).__name__)

show('cumsum rows', lambda p: jnp.cumsum(p, axis=1), b)
show('cumsum split', lambda p: jnp.cumsum(p, axis=0), b)
show('cumsum flat', lambda p: jnp.cumsum(p), b)
show('cumprod split', lambda p: jnp.cumprod(p, axis=1), c)
show('cummax', lambda p: lax.cummax(p, axis=0), c)
show('sort rows', lambda p: jnp.sort(p, axis=1), b)
show('sort split', lambda p: jnp.sort(p, axis=0), b)
show('argsort rows', lambda p: jnp.argsort(p, axis=1), b)
show('argsort split', lambda p: jnp.argsort(p), c)
show('argmax rows', lambda p: jnp.argmax(p, axis=1), b)
show('argmax split', lambda p: jnp.argmax(p, axis=0), b)
show('argmax 2d', lambda p: jnp.argmax(p, axis=0), a)
show('argmax all', lambda p: jnp.argmax(p), a)
show('argmin', lambda p: jnp.argmin(p, axis=1), a)
print('eager sort', jax.typeof(jnp.sort(b, axis=1)))
