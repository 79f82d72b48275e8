# covers: jax.lax.with_sharding_constraint and jax.reshard inside jit set the sharding of intermediates and results; typeof under jit; make_array_from_callback; jnp creation with device= and out_sharding= inside jit
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
jax.set_mesh(mesh)
s_rows = NamedSharding(mesh, P('x', None))
auto = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))
s_auto = NamedSharding(auto, P('x', None))

@jax.jit
def f(a):
    b = jax.lax.with_sharding_constraint(a * 2, s_auto)
    print('b', jax.typeof(b))
    c = jax.reshard(a + 1, P(None, 'x'))
    print('c', jax.typeof(c))
    z = jnp.zeros((8, 4), out_sharding=P('x'))
    return c, z + a, b

c, d, e = f(jax.device_put(jnp.arange(32.0).reshape(8, 4), s_rows))
print(jax.typeof(c), jax.typeof(d), jax.typeof(e), e.sharding.spec)
print(c[3])
data = np.arange(32).reshape(4, 8)
m = jax.make_array_from_callback((4, 8), NamedSharding(mesh, P(None, ('x',))), lambda idx: data[idx])
print(jax.typeof(m), m.sharding.spec, bool((np.asarray(m) == data).all()))
print([sh.data.shape for sh in m.addressable_shards])
