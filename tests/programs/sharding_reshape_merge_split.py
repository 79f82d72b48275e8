# covers: Explicit-mode reshape sharding as JAX: merging split dims gives a tuple split (64@(x,y)), splitting a split dim hands its axes to the new dims in order, size-1 dims come and go, anything else asks for out_sharding (ShardingTypeError); transpose/swapaxes/ravel/flatten/expand_dims/squeeze
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
base = np.arange(64, dtype=np.float32).reshape(8, 8)
a = jax.device_put(base, P('x', 'y'))
b = jax.device_put(base, P('x', None))
c = jax.device_put(base, P(None, 'y'))
f = jax.device_put(np.arange(64, dtype=np.float32), P(('x', 'y')))

def show(name, fn, x):
    try:
        out = jax.jit(fn)(x)
        print(name, jax.typeof(out), np.asarray(out).ravel()[:4])
    except Exception as e:
        print(name, type(e).__name__)

for shape in [(64,), (2, 4, 8), (4, 2, 8), (4, 16), (16, 4), (1, 8, 8), (8, 1, 8), (8, 4, 2), (8, 2, 4)]:
    for name, x in [('xy', a), ('x', b), ('y', c)]:
        show(name + ' -> ' + str(shape), lambda p: p.reshape(shape), x)
show('flat -> 8x8', lambda p: p.reshape(8, 8), f)
show('flat -> 2,4,8', lambda p: p.reshape(2, 4, 8), f)
show('flat -> 4,16', lambda p: p.reshape(4, 16), f)
show('T', lambda p: p.T, a)
show('T then ravel', lambda p: p.T.ravel(), b)
show('swapaxes', lambda p: jnp.swapaxes(p, 0, 1), c)
show('ravel', jnp.ravel, b)
show('flatten', lambda p: p.flatten(), a)
show('expand_dims', lambda p: jnp.expand_dims(p, 1), a)
show('squeeze', lambda p: jnp.squeeze(p.reshape(8, 1, 8), 1), a)
show('transpose 3d', lambda p: jnp.transpose(p.reshape(2, 4, 8), (2, 0, 1)), b)
