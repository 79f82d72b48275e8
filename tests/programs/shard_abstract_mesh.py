# covers: jax.typeof(x).sharding is a NamedSharding over the AbstractMesh (its repr, mesh attributes, spec with only Explicit axes), get_abstract_mesh under set_mesh, Mesh built from mesh_utils.create_device_mesh
import numpy as np
import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P, AxisType

m = jax.make_mesh((2, 2), ('a', 'b'))
x = jax.device_put(np.ones((4, 4)), NamedSharding(m, P('a')))
t = jax.typeof(x)
print(repr(t.sharding))
print(t.sharding.mesh)
print(t.sharding.mesh.axis_names, t.sharding.mesh.axis_sizes, t.sharding == x.sharding, t.sharding.spec)
print(m.abstract_mesh)
am = jax.make_mesh((2, 2), ('a', 'b'), axis_types=(AxisType.Auto,) * 2)
print(jax.typeof(jax.device_put(np.ones((4, 4)), NamedSharding(am, P('a')))).sharding)
print(jax.sharding.get_abstract_mesh())
with jax.set_mesh(m):
    print(jax.sharding.get_abstract_mesh())
grid = Mesh(mesh_utils.create_device_mesh((2, 2)), ('r', 'c'))
print(grid, grid.axis_types)
y = jax.device_put(np.arange(16.0).reshape(4, 4), NamedSharding(grid, P('r', 'c')))
print(y.sharding, jax.typeof(y))
print([sh.index for sh in y.addressable_shards][3])
