# covers: jax.jit(f, in_shardings=, out_shardings=) (NamedSharding, PartitionSpec under set_mesh, a tuple per argument / per output, None entries), the decorator-factory form, a sharded zeros initializer made by out_shardings
import numpy as np
from functools import partial
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
rows = NamedSharding(mesh, P('x', None))
cols = NamedSharding(mesh, P(None, 'x'))

init = jax.jit(lambda: jnp.zeros((8, 4)), out_shardings=rows)
z = init()
print(jax.typeof(z), z.sharding.spec)
f = jax.jit(lambda a, b: (a + b, a * b), in_shardings=(rows, None), out_shardings=(cols, None))
s, m = f(np.ones((8, 4), np.float32), jnp.full((8, 4), 2.0))
print(jax.typeof(s), jax.typeof(m), s.sum(), m.sum())

@partial(jax.jit, out_shardings=NamedSharding(mesh, P()))
def total(a):
    return a.sum(0)

t = total(jax.device_put(np.arange(32.0).reshape(8, 4), rows))
print(jax.typeof(t), t)
with jax.set_mesh(mesh):
    g = jax.jit(lambda a: a * 3, out_shardings=P('x'))(jnp.arange(8.0))
    print(jax.typeof(g), g)
