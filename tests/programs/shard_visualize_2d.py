# covers: jax.debug.visualize_array_sharding on a 2-D mesh: both axes, swapped axes, one axis, a tuple of axes over rows, replicated, 1-D arrays
# conform: exact devices=8
import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('a', 'b'))
for spec, shape in [(P('a', 'b'), (8, 8)), (P('b', 'a'), (8, 8)), (P(None, 'a'), (8, 8)), (P('a'), (8,)),
                    (P(('a', 'b')), (8, 100)), (P('b'), (16, 4)), (P(), (4, 4))]:
    print(spec, shape)
    jax.debug.visualize_array_sharding(jax.device_put(np.zeros(shape, np.float32), NamedSharding(mesh, spec)))
