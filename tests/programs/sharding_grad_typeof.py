# covers: under jax.grad / jax.vjp / jax.jvp (eager and jitted) the differentiated arguments keep their splits in the traced types, so ops inside see and derive JAX's shardings (a tensor-parallel weight stays 32@model); the gradients come back split like the arguments
# conform: devices=8
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('data', 'model'))
jax.set_mesh(mesh)
x = jax.device_put(np.ones((8, 16), np.float32), P('data', None))
w1 = jax.device_put(np.arange(16 * 32, dtype=np.float32).reshape(16, 32) / 512, P(None, 'model'))

def f(w, x):
    print('w', jax.typeof(w), 'x', jax.typeof(x))
    h = jnp.tanh(x @ w)
    print('h', jax.typeof(h))
    return h.sum()

g = jax.grad(f)(w1, x)
print('grad', jax.typeof(g), round(float(g.sum()), 4))
g = jax.jit(jax.grad(f))(w1, x)
print('jit grad', jax.typeof(g), round(float(g.sum()), 4))
gw, gx = jax.grad(f, argnums=(0, 1))(w1, x)
print('both', jax.typeof(gw), jax.typeof(gx))
f_quiet = lambda w, x: jnp.tanh(x @ w).sum()
out, pull = jax.vjp(f_quiet, w1, x)
gw, gx = pull(jnp.float32(1.0))
print('vjp', round(float(out), 4), jax.typeof(gw), jax.typeof(gx))
p, t = jax.jvp(f, (w1, x), (jnp.ones_like(w1), jnp.zeros_like(x)))
print('jvp', round(float(p), 4), round(float(t), 4))
