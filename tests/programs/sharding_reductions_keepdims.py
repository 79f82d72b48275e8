# covers: Explicit-mode reductions over split arrays: reduced dims drop their splits, keepdims keeps a size-1 unsplit dim, mean/var/std/logsumexp/softmax/norm/any/all/count_nonzero, full reductions to scalars, values equal the unsplit computation
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
base = (np.arange(64, dtype=np.float32).reshape(8, 8) % 9) / 4
a = jax.device_put(base, P('x', 'y'))
b = jax.device_put(base, P('x', None))
c = jax.device_put(base, P(None, 'y'))

def show(name, f, x):
    out = jax.jit(f)(x)
    print(name, jax.typeof(out), np.round(np.asarray(out).astype(np.float32).ravel()[:4], 4))

show('sum all', jnp.sum, a)
show('sum 0', lambda p: jnp.sum(p, axis=0), a)
show('sum 1 keep', lambda p: jnp.sum(p, axis=1, keepdims=True), a)
show('sum 0 keep', lambda p: jnp.sum(p, axis=0, keepdims=True), a)
show('max keep', lambda p: jnp.max(p, axis=1, keepdims=True), a)
show('min', lambda p: jnp.min(p, axis=0), b)
show('prod', lambda p: jnp.prod(p[:, :2] + 1, axis=1), b)
show('mean keep', lambda p: jnp.mean(p, axis=1, keepdims=True), b)
show('var', lambda p: jnp.var(p, axis=1), a)
show('std', lambda p: jnp.std(p, axis=0), a)
show('logsumexp', lambda p: jax.nn.logsumexp(p, axis=1), b)
show('softmax split', lambda p: jax.nn.softmax(p, axis=1), c)
show('softmax other', lambda p: jax.nn.softmax(p, axis=-1), b)
show('norm', lambda p: jnp.linalg.norm(p, axis=1), a)
show('any', lambda p: jnp.any(p > 1.5, axis=0), a)
show('all', lambda p: jnp.all(p > 0), b)
show('count_nonzero', lambda p: jnp.count_nonzero(p, axis=1), a)
show('mean tuple axes', lambda p: jnp.mean(p, axis=(0, 1)), a)
print(bool(np.allclose(np.asarray(jnp.var(a, axis=1)), base.var(axis=1), atol=1e-5)))
