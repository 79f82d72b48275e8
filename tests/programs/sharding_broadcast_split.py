# covers: Explicit-mode broadcasting of replicated with split operands: splits merge per dimension, a dim split two ways or one axis splitting two dims is a ShardingTypeError, outer products of split vectors, broadcast_to, scalars and dtype casts keep splits
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
r = jax.device_put(base, P())
v = jax.device_put(np.arange(8, dtype=np.float32), P('y'))
vx = jax.device_put(np.arange(8, dtype=np.float32), P('x'))

def show(name, f, *args):
    try:
        out = jax.jit(f)(*args)
        print(name, jax.typeof(out), float(jnp.sum(out)))
    except Exception as e:
        print(name, type(e).__name__)

show('repl + row vec', lambda p, q: p + q, r, v)
show('x-split + y vec', lambda p, q: p + q, b, v)
show('xy + y vec', lambda p, q: p * q, a, v)
show('x-split + x vec', lambda p, q: p + q, b, vx)
show('xy + x vec', lambda p, q: p + q, a, vx)
show('col x + row y', lambda p, q: p[:, None] + q[None, :], vx, v)
show('col x + row x', lambda p, q: p[:, None] + q[None, :], vx, vx)
show('outer', jnp.outer, vx, v)
show('broadcast_to', lambda p: jnp.broadcast_to(p, (3, 8, 8)), b)
show('scalar ops', lambda p: 2 * p + 1, a)
show('astype', lambda p: p.astype(jnp.int32), a)
show('maximum repl', jnp.maximum, b, r)
show('weak scalar', lambda p: p + 1.5, b)
print('eager', jax.typeof(b + r), jax.typeof(b + v))
