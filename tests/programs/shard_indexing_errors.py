# covers: indexing split arrays as JAX 0.10 does: eager indexing that cuts a split dim is the gather ShardingTypeError (indices shape as JAX's), under jit a slice keeps the split when it still divides evenly and is the slicing ShardingTypeError otherwise; unsplit dims index freely; index arrays on unsplit dims keep the other splits
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
x = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P('x')))
y = jax.device_put(np.arange(32, dtype=np.float32).reshape(4, 8), NamedSharding(mesh, P(None, 'x')))
idx = jnp.array([1, 2])


def show(name, f):
    try:
        r = f()
        print(name, jax.typeof(r), r.sharding.spec)
        print(np.asarray(r))
    except Exception as e:
        print(name, type(e).__name__, e)


eager = [('x[0]', lambda: x[0]), ('x[:, 1]', lambda: x[:, 1]), ('x[2:6]', lambda: x[2:6]),
         ('x[1, 2]', lambda: x[1, 2]), ('x[::2]', lambda: x[::2]), ('x[:, 1:3]', lambda: x[:, 1:3]),
         ('x[1:3, 1]', lambda: x[1:3, 1]), ('y[1]', lambda: y[1]), ('y[:, 0]', lambda: y[:, 0]),
         ('y[::2, 0:4]', lambda: y[::2, 0:4]), ('y[:, ::2]', lambda: y[:, ::2]), ('x[:]', lambda: x[:]),
         ('x[::-1]', lambda: x[::-1]), ('x[..., 0]', lambda: x[..., 0]), ('x[:, idx]', lambda: x[:, idx])]
for name, f in eager:
    show(name, f)

jitted = [('x[0]', lambda v: v[0]), ('x[2:6]', lambda v: v[2:6]), ('x[1, 2]', lambda v: v[1, 2]),
          ('x[::2]', lambda v: v[::2]), ('x[0:4]', lambda v: v[0:4]), ('x[:, 1:3]', lambda v: v[:, 1:3]),
          ('x[-1]', lambda v: v[-1])]
for name, f in jitted:
    show('jit ' + name, lambda: jax.jit(f)(x))
show('jit x[:, idx]', lambda: jax.jit(lambda v, i: v[:, i])(x, idx))
