# covers: Explicit-mode concatenate/stack/pad sharding rules on a (2,4) mesh: operands split alike keep the split (the concatenated dim too), mixing split and replicated operands is a ShardingTypeError, pads keep a split where the new size still divides
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
base = np.arange(64, dtype=np.float32).reshape(8, 8)
a = jax.device_put(base, P('x', 'y'))
b = jax.device_put(base, P('x', None))
r = jax.device_put(base, P())

def show(name, f, *args):
    try:
        out = jax.jit(f)(*args)
        print(name, jax.typeof(out), float(jnp.sum(out)))
    except Exception as e:
        print(name, type(e).__name__)

show('concat0 xy', lambda p, q: jnp.concatenate([p, q], 0), a, a)
show('concat1 xy', lambda p, q: jnp.concatenate([p, q], 1), a, a)
show('concat1 x', lambda p, q: jnp.concatenate([p, q * 2], 1), b, b)
show('concat xy+x', lambda p, q: jnp.concatenate([p, q], 0), a, b)
show('concat x+repl', lambda p, q: jnp.concatenate([p, q], 1), b, r)
show('stack x', lambda p, q: jnp.stack([p, q]), b, b)
show('stack x+repl', lambda p, q: jnp.stack([p, q]), b, r)
show('pad rows', lambda p: jnp.pad(p, ((1, 1), (0, 0))), b)
show('pad cols', lambda p: jnp.pad(p, ((0, 0), (2, 2))), b)
show('pad split cols', lambda p: jnp.pad(p, ((0, 0), (1, 1))), a)
show('lax.pad', lambda p: lax.pad(p, 0., ((2, 2, 0), (0, 0, 0))), b)
e = jnp.concatenate([b, b], 0)
print('eager', jax.typeof(e), e[:, 0])
