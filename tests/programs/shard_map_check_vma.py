# covers: shard_map's varying-axes check passes where outputs are invariant (psum/pmean over the axes out_specs leaves out, constants, closed-over arrays, axis_size) and check_vma=False lets a varying value out replicated (first device's copy)
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
x = jax.device_put(np.arange(16.0).reshape(4, 4), NamedSharding(mesh, P('a', 'b')))
w = jnp.full((2, 2), 0.5)

def body(t):
    s = lax.psum(t, ('a', 'b'))
    m = lax.pmean(lax.psum(t, 'a'), 'b')
    c = jnp.ones(3) * lax.axis_size(('a', 'b'))
    return s + w, m, c

s, m, c = jax.shard_map(body, mesh=mesh, in_specs=P('a', 'b'), out_specs=(P(), P(), P()))(x)
print(s, m, c, sep='\n')
first = jax.shard_map(lambda t: t + lax.axis_index('b'), mesh=mesh, in_specs=P('a', 'b'), out_specs=P(),
                      check_vma=False)(x)
print(first)
