# covers: reductions of sharded arrays (eager and under jit): over the sharded axis the result is unsplit, over other axes the split stays; mean/max/min/argmax, keepdims, typeof of each
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
x = jax.device_put(np.arange(48, dtype=np.float32).reshape(4, 12), NamedSharding(mesh, P('a', 'b')))
for name, fn in [('sum0', lambda v: v.sum(0)), ('sum1', lambda v: v.sum(1)), ('sum', lambda v: v.sum()),
                 ('mean1', lambda v: jnp.mean(v, axis=1)), ('max0', lambda v: jnp.max(v, axis=0)),
                 ('min_keep', lambda v: jnp.min(v, axis=1, keepdims=True)),
                 ('argmax1', lambda v: jnp.argmax(v, axis=1))]:
    e = fn(x)
    j = jax.jit(fn)(x)
    print(name, jax.typeof(e), jax.typeof(j), bool((np.asarray(e) == np.asarray(j)).all()))
    print(np.asarray(j))
y = jax.device_put(np.arange(8, dtype=np.int32), NamedSharding(mesh, P(('a', 'b'))))
print(jax.typeof(y.sum()), y.sum(), jax.typeof(jnp.cumsum(jax.reshard(x, NamedSharding(mesh, P('a', None))), axis=1)))
