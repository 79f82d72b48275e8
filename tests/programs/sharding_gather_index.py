# covers: Explicit-mode gathers: x[idx] and jnp.take along an unsplit dim keep the other dims' splits; along a split dim they are JAX's ShardingTypeError (gather needs out_sharding=); take_along_axis with argsort keeps the batch split; int and slice indexing
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
base = (np.arange(64, dtype=np.float32).reshape(8, 8) * 7) % 11
b = jax.device_put(base, P('x', None))
c = jax.device_put(base, P(None, 'y'))
v = jax.device_put(np.arange(8, dtype=np.float32), P('y'))
idx = jnp.array([0, 2, 5], dtype=jnp.int32)

def show(name, f, *args):
    try:
        out = jax.jit(f)(*args)
        print(name, jax.typeof(out), np.asarray(out).ravel()[:6])
    except Exception as e:
        print(name, type(e).__name__)

show('rows of col-split', lambda p, i: p[i], c, idx)
show('cols of row-split', lambda p, i: p[:, i], b, idx)
show('rows of row-split', lambda p, i: p[i], b, idx)
show('cols of col-split', lambda p, i: p[:, i], c, idx)
show('take rows', lambda p, i: jnp.take(p, i, axis=0), c, idx)
show('take split', lambda p, i: jnp.take(p, i, axis=0), b, idx)
show('vector gather', lambda p, i: p[i], v, idx)
show('take_along_axis', lambda p: jnp.take_along_axis(p, jnp.argsort(p, axis=1), axis=1), b)
show('int index', lambda p: p[3], c)
show('traced int', lambda p, i: p[i], c, 5)
show('slice', lambda p: p[2:6], b)
show('odd slice', lambda p: p[1:], b)
print('eager', jax.typeof(c[idx]))
try:
    b[idx]
except Exception as e:
    print('eager split', type(e).__name__)
