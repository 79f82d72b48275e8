# covers: Explicit-mode lax.scan: xs split on a non-scanned dim give the body split slices, carries keep their split, ys stack behind an unsplit dim; a carry whose split changes is a TypeError; xs split on dim 0 is a ValueError
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
xs = jax.device_put(np.arange(64, dtype=np.float32).reshape(8, 8) / 10, P(None, 'y'))
init = jax.device_put(np.zeros(8, np.float32), P('y'))
rows = jax.device_put(np.arange(64, dtype=np.float32).reshape(8, 8), P('x', None))

def body(carry, x):
    print('in body', jax.typeof(carry), jax.typeof(x))
    new = carry * 0.5 + jnp.sin(x)
    return new, new.sum()

f = jax.jit(lambda c, x: lax.scan(body, c, x))
c, ys = f(init, xs)
print(jax.typeof(c), jax.typeof(ys))
print(np.round(np.asarray(c), 4), np.round(np.asarray(ys), 4))

def body2(carry, x):
    return carry + x, x * 2
c2, ys2 = jax.jit(lambda c, x: lax.scan(body2, c, x))(init, xs)
print(jax.typeof(c2), jax.typeof(ys2), float(ys2.sum()))
c3, ys3 = lax.scan(lambda cr, _: (cr * 2, cr), init, None, length=3)
print(jax.typeof(c3), jax.typeof(ys3), np.asarray(ys3)[:, 0])
for name, fn, args in [
        ('carry changes split', lambda x: lax.scan(body2, jnp.zeros(8), x), (xs,)),
        ('xs split on dim 0', lambda x: lax.scan(lambda cr, r: (cr + r, r), jnp.zeros(8), x), (rows,))]:
    try:
        jax.jit(fn)(*args)
    except Exception as e:
        print(name, type(e).__name__)
