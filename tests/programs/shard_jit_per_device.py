# covers: jit over sharded arguments runs per device (parax: one pmap over the mesh on local shapes): elementwise chains, broadcasting with unsharded operands, reductions over split and unsplit dims on 1-D and 2-D meshes, matmuls with split batch/free dims and a contracting split given out_sharding=, iota inside the program, results' shardings and values
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))
x = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, P('x')))
b = jnp.arange(4.0)


@jax.jit
def pipeline(v, bias):
    h = jnp.tanh(v * 0.01) + bias
    return h.sum(axis=0), h.sum(axis=1), (v * 2).max(), h


s0, s1, m, h = pipeline(x, b)
for r in (s0, s1, m, h):
    print(jax.typeof(r), r.sharding.spec)
print(np.round(np.asarray(s0), 4), np.round(np.asarray(s1), 4), m)
print(np.round(np.asarray(h), 4))

mesh2 = jax.make_mesh((2, 2), ('a', 'b'))
y = jax.device_put(np.arange(48, dtype=np.int32).reshape(4, 12), NamedSharding(mesh2, P('a', 'b')))


@jax.jit
def two_d(v):
    w = v * 3 - 1
    return w.sum(0), w.sum(1), w.sum(), jnp.min(w, axis=1), w.T


for r in two_d(y):
    print(jax.typeof(r), r)

lhs = jax.device_put(np.arange(24, dtype=np.float32).reshape(4, 6), NamedSharding(mesh2, P('a', None)))
rhs = jax.device_put(np.arange(24, dtype=np.float32).reshape(6, 4), NamedSharding(mesh2, P(None, 'b')))
mm = jax.jit(lambda p, q: p @ q)(lhs, rhs)
print(jax.typeof(mm), mm)

cl = jax.device_put(np.arange(32, dtype=np.float32).reshape(4, 8), NamedSharding(mesh, P(None, 'x')))
cr = jax.device_put(np.ones((8, 2), np.float32), NamedSharding(mesh, P('x', None)))
with jax.set_mesh(mesh):
    red = jax.jit(lambda p, q: jnp.matmul(p, q, out_sharding=P()))(cl, cr)
print(jax.typeof(red), red)

bat = jax.device_put(np.arange(32, dtype=np.float32).reshape(4, 2, 4), NamedSharding(mesh, P('x')))
bm = jax.jit(lambda t: jnp.einsum('bij,bkj->bik', t, t))(bat)
print(jax.typeof(bm), bm.sharding.spec)
print(bm)


@jax.jit
def with_iota(v):
    return v + jnp.arange(8.0)[:, None], jnp.cumsum(v, axis=1)


for r in with_iota(x):
    print(jax.typeof(r), r)
