# covers: error: device_put with a spec whose mesh axis does not divide the dimension is a ValueError at the device_put
# conform: error=ValueError line=9
import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
print('before')
x = jax.device_put(np.zeros((6, 2), np.float32), NamedSharding(mesh, P('x')))
print(x)
