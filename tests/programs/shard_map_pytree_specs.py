# covers: shard_map with several arguments and pytree (dict/tuple) arguments and outputs, in_specs as a tuple prefix, a replicated argument (P()), a scalar argument, outputs in a tuple with different out_specs
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
data = jax.device_put({'a': jnp.arange(8.0), 'b': jnp.ones((8, 2))}, NamedSharding(mesh, P('x')))
scale = jnp.float32(3.0)
table = jnp.arange(4.0)

def body(d, s, t):
    local = d['a'] * s + d['b'].sum(1)
    total = lax.psum(local.sum(), 'x')
    return (local + t[lax.axis_index('x')], total), {'n': lax.psum(jnp.ones(()), 'x')}

(loc, tot), extra = jax.shard_map(body, mesh=mesh, in_specs=({'a': P('x'), 'b': P('x', None)}, P(), P()),
                                  out_specs=((P('x'), P()), {'n': P()}))(data, scale, table)
print(loc, tot, extra['n'])
print(jax.typeof(loc), jax.typeof(tot))
