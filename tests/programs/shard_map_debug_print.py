# covers: jax.debug.print inside a shard_map body (under jit too): one line per device, device order, block values; a Python print at trace time shows the block shape once
# conform: sort-lines
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
x = jax.device_put(np.arange(8, dtype=np.int32).reshape(2, 4), NamedSharding(mesh, P('a', 'b')))

def body(t):
    print('trace', t.shape)
    jax.debug.print('a={a} b={b} block={t} sum={s}', a=lax.axis_index('a'), b=lax.axis_index('b'), t=t,
                    s=lax.psum(t.sum(), ('a', 'b')))
    return t * 2

y = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P('a', 'b'), out_specs=P('a', 'b')))(x)
print(y)
