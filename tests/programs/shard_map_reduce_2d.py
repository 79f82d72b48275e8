# covers: pmean/pmax/pmin in shard_map over one axis, the other, and both axes of a 2-D mesh; a Python scalar psum'd over an axis; pytree operands
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('a', 'b'))
x = jax.device_put(np.arange(32, dtype=np.float32).reshape(4, 8) % 7, NamedSharding(mesh, P('a', 'b')))

def body(t):
    return {'mean_a': lax.pmean(t, 'a'), 'max_b': lax.pmax(t, 'b'), 'min_ab': lax.pmin(t, ('a', 'b')),
            'count': lax.psum(1, 'b') + jnp.zeros_like(t)}

out = jax.shard_map(body, mesh=mesh, in_specs=P('a', 'b'),
                    out_specs={'mean_a': P(None, 'b'), 'max_b': P('a', None), 'min_ab': P(), 'count': P('a', 'b')})(x)
for k in sorted(out):
    print(k, jax.typeof(out[k]))
    print(out[k])
