# covers: a 2-D-mesh matmul with shard_map: x split by rows over 'a' and columns over 'b', w split by rows over 'b'; local matmul + psum over 'b'; compared with the unsharded product; jit of it
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('a', 'b'))
xn = (np.arange(8 * 16) % 9 - 4).astype(np.float32).reshape(8, 16)
wn = (np.arange(16 * 6) % 5 - 2).astype(np.float32).reshape(16, 6)
x = jax.device_put(xn, NamedSharding(mesh, P('a', 'b')))
w = jax.device_put(wn, NamedSharding(mesh, P('b', None)))

@jax.jit
def matmul(x, w):
    return jax.shard_map(lambda xb, wb: lax.psum(xb @ wb, 'b'), mesh=mesh,
                         in_specs=(P('a', 'b'), P('b', None)), out_specs=P('a', None))(x, w)

z = matmul(x, w)
print(z.shape, jax.typeof(z), bool((np.asarray(z) == xn @ wn).all()))
print(z)

def gathered(xb, wb):
    full_w = lax.all_gather(wb, 'b', tiled=True)
    full_x = lax.all_gather(xb, 'b', axis=1, tiled=True)
    return full_x @ full_w

z2 = jax.shard_map(gathered, mesh=mesh, in_specs=(P('a', 'b'), P('b', None)), out_specs=P('a', None),
                   check_vma=False)(x, w)
print(bool((np.asarray(z2) == xn @ wn).all()))
