# covers: Explicit-mode dynamic_update_slice: the update must be split as the operand (else ShardingTypeError); updates of full split blocks keep the split; .at[] updates on an unsplit dim keep it
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
upd_x = jax.device_put(np.ones((4, 8), np.float32), P('x', None))
upd_r = jax.device_put(np.ones((4, 8), np.float32), P())

def show(name, f, *args):
    try:
        out = jax.jit(f)(*args)
        print(name, jax.typeof(out), float(jnp.sum(out)))
    except Exception as e:
        print(name, type(e).__name__)

show('dus split alike', lambda p, u: lax.dynamic_update_slice(p, u, (4, 0)), b, upd_x)
show('dus replicated update', lambda p, u: lax.dynamic_update_slice(p, u, (0, 0)), b, upd_r)
show('dus same array', lambda p: lax.dynamic_update_slice(p, p * 2, (0, 0)), a)
show('dus traced start', lambda p, u, i: lax.dynamic_update_slice(p, u, (i, 0)), b, upd_x, 2)
show('at col set', lambda p: p.at[:, 3].set(-1.), b)
try:
    lax.dynamic_update_slice(b, upd_r, (0, 0))
except Exception as e:
    print('eager dus', type(e).__name__)
