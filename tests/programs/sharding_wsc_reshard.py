# covers: with_sharding_constraint on an all-Explicit mesh asserts the value's split (AssertionError otherwise), reshard moves it, device_put of pytrees with per-leaf NamedShardings, jit out_shardings, creation with out_sharding=/device=
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
xn = np.arange(64, dtype=np.float32).reshape(8, 8)
a = jax.device_put(xn, NamedSharding(mesh, P('x', 'y')))
with jax.set_mesh(mesh):
    f = jax.jit(lambda q: jax.lax.with_sharding_constraint(q * 2, P('x', 'y')))
    print(jax.typeof(f(a)))
    try:
        jax.jit(lambda q: jax.lax.with_sharding_constraint(q * 2, P(None, 'x')))(a)
    except AssertionError:
        print('constraint mismatch: AssertionError')
    print(jax.typeof(jax.jit(lambda q: jax.sharding.reshard(q + 1, P('y', 'x')))(a)))
    print(jax.typeof(jax.reshard(a, P())))
    h = jax.jit(lambda q: q.sum(axis=0), out_shardings=NamedSharding(mesh, P('x')))
    print(jax.typeof(h(a)), h(a))
    print(jax.typeof(jnp.zeros((8, 4), out_sharding=P('x'))))
    print(jax.typeof(jnp.arange(16, out_sharding=P('y'))))
    print(jax.typeof(jnp.ones((8,), device=NamedSharding(mesh, P('x')))))
print(jax.typeof(jax.reshard(a, NamedSharding(mesh, P('y', None)))))
t = jax.device_put({'w': xn, 'b': np.ones(8, np.float32)},
                   {'w': NamedSharding(mesh, P('x')), 'b': NamedSharding(mesh, P())})
print(jax.tree_util.tree_map(lambda z: str(jax.typeof(z)), t))
t2 = jax.device_put((xn, xn[0]), NamedSharding(mesh, P('y')))
print([str(jax.typeof(z)) for z in t2])
print(float(t['w'].sum()), float(t2[1].sum()))
