# covers: Explicit-mode einsum/dot/matmul sharding: free and batch dims keep their splits, a one-sided contracting split is gathered, both-sided asks for out_sharding= (ShardingTypeError), inconsistent contracting splits are errors; jnp.dot/einsum/lax.dot_general with out_sharding=
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
base = ((np.arange(64) % 7) - 3).astype(np.float32).reshape(8, 8)
a = jax.device_put(base, P('x', 'y'))
b = jax.device_put(base, P('x', None))
c = jax.device_put(base, P(None, 'y'))
r = jax.device_put(base, P())
ry = jax.device_put(base, P('y', None))
v = jax.device_put(np.arange(8, dtype=np.float32), P('y'))
vx = jax.device_put(np.arange(8, dtype=np.float32), P('x'))

def show(name, f, *args):
    try:
        out = f(*args)
        print(name, jax.typeof(out), float(jnp.sum(out)))
    except Exception as e:
        print(name, type(e).__name__)

show('ij,jk x,_', lambda p, q: jnp.einsum('ij,jk->ik', p, q), b, r)
show('ij,jk _,y', lambda p, q: jnp.einsum('ij,jk->ik', p, q), r, c)
show('ij,jk y,_', lambda p, q: jnp.einsum('ij,jk->ik', p, q), c, r)
show('ij,kj->ik', lambda p, q: jnp.einsum('ij,kj->ik', p, q), b, c)
show('ij->ji', lambda p: jnp.einsum('ij->ji', p), a)
show('ij->', lambda p: jnp.einsum('ij->', p), a)
show('ij,j->i', lambda p, q: jnp.einsum('ij,j->i', p, q), b, v)
show('ij,ij->i', lambda p, q: jnp.einsum('ij,ij->i', p, q), a, a)
show('matmul b c', jax.jit(lambda p, q: p @ q), b, c)
show('matmul a a', jax.jit(lambda p, q: p @ q), a, a)
show('matmul c ry', jax.jit(lambda p, q: p @ q), c, ry)
show('matmul b b.T', jax.jit(lambda p: p @ p.T), b)
show('vecmat', jax.jit(lambda p, q: p @ q), vx, b)
show('dot out P()', lambda p, q: jnp.dot(p, q, out_sharding=P()), c, ry)
show('dot out x', lambda p, q: jnp.dot(p, q, out_sharding=P('x')), c, ry)
show('dot out y,x', lambda p, q: jnp.dot(p, q, out_sharding=P('y', 'x')), c, ry)
show('einsum out', lambda p, q: jnp.einsum('ij,jk->ik', p, q, out_sharding=P('x', 'y')), c, ry)
show('dot_general out', lambda p, q: lax.dot_general(p, q, (((1,), (0,)), ((), ())), out_sharding=P('x', None)), c, ry)
bt = jax.device_put(np.ones((4, 3, 2), np.float32), P('x', None, None))
bu = jax.device_put(np.ones((4, 2, 5), np.float32), P('x', None, None))
show('batched', jax.jit(lambda p, q: jnp.einsum('bij,bjk->bik', p, q)), bt, bu)
