# covers: Explicit-mode fori_loop / while_loop / cond over split values: the results keep the carry's split, loop bodies see it, a carry that changes split is a TypeError, cond branches must agree in their outputs' splits
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('x', 'y'))
jax.set_mesh(mesh)
a = jax.device_put(np.arange(64, dtype=np.float32).reshape(8, 8) / 64, P('x', 'y'))
r = jax.device_put(np.ones((8, 8), np.float32), P())
v = jax.device_put(np.arange(8, dtype=np.float32), P('y'))

def step(i, z):
    return z * 0.9 + jnp.cos(z) * i
out = jax.jit(lambda z: lax.fori_loop(0, 5, step, z))(a)
print('fori', jax.typeof(out), round(float(out.sum()), 4))
out = jax.jit(lambda z, w: lax.fori_loop(0, 3, lambda i, c: c + w, z))(a, r)
print('fori + replicated', jax.typeof(out), float(out.sum()))
out = jax.jit(lambda z: lax.while_loop(lambda c: c.sum() < 500., lambda c: c * 2 + 1, z))(a)
print('while', jax.typeof(out), float(out.sum()))
out = jax.jit(lambda z, p: lax.cond(p, lambda t: t * 2, lambda t: t - 1, z))(a, True)
print('cond', jax.typeof(out), float(out.sum()))
out = jax.jit(lambda z, k: lax.switch(k, [lambda t: t, lambda t: -t, lambda t: t * t], z))(a, 2)
print('switch', jax.typeof(out), round(float(out.sum()), 4))
print('eager fori', jax.typeof(lax.fori_loop(0, 2, lambda i, c: c + 1, v)))
for name, fn, args in [
        ('fori carry split changes', lambda z: lax.fori_loop(0, 3, lambda i, c: c + v, z), (jnp.zeros(8),)),
        ('while carry split changes', lambda z: lax.while_loop(lambda c: c.sum() < 10, lambda c: c + v, z), (jnp.zeros(8),)),
        ('cond branches differ', lambda z, p: lax.cond(p, lambda t: t * 2, lambda t: jnp.zeros(8), z), (v, True))]:
    try:
        jax.jit(fn)(*args)
    except Exception as e:
        print(name, type(e).__name__)
