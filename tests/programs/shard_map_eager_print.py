# covers: print() of block values inside an eager (un-jitted) shard_map body shows every device's block with its mesh coordinates (1-D and 2-D meshes), in order with the body's other prints; np.array(jax.devices()).reshape for Mesh; a second call prints again
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ('i', 'j'))

def f(b):
    print('block', b.shape)
    print('IN', b, sep='\n')
    s = lax.psum(b, 'j')
    print('SUM:', s)
    return s

g = jax.shard_map(f, mesh=mesh, in_specs=P('i', 'j'), out_specs=P('i', None))
print(g(jnp.arange(8).reshape(2, 4)))
print(g(jnp.ones((2, 4), jnp.int32)))
line = Mesh(jax.devices()[:4], ('x',))
h = jax.shard_map(lambda v: (print('v', v), v * 10)[1], mesh=line, in_specs=P('x'), out_specs=P('x'))
print(h(jnp.arange(4.0)))
