# covers: the same data-parallel step written with pmap and with shard_map (per-device sums, psum, pmean, ppermute ring) gives the same values
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

xn = np.arange(32, dtype=np.float32).reshape(4, 8) / 10

def step(b):
    s = jnp.sum(b * b)
    tot = lax.psum(s, 'd')
    m = lax.pmean(b, 'd')
    nxt = lax.ppermute(b, 'd', [(i, (i + 1) % 4) for i in range(4)])
    return b / tot + m - nxt

p = jax.pmap(step, axis_name='d')(xn)
mesh = jax.make_mesh((4,), ('d',))
x = jax.device_put(xn.reshape(32), NamedSharding(mesh, P('d')))
s = jax.shard_map(step, mesh=mesh, in_specs=P('d'), out_specs=P('d'))(x)
print(np.asarray(p).reshape(-1)[:6])
print(np.asarray(s)[:6])
print(bool(np.allclose(np.asarray(p).reshape(-1), np.asarray(s), rtol=1e-6)))
