# covers: grad inside pmap through psum, pmean, pmax, all_gather (tiled and not), ppermute, axis_index; jvp inside pmap; grad/jvp/jacrev of a function calling pmap (in_axes None and 0, out_axes); jit(grad(pmap))
import jax
import jax.numpy as jnp
from jax import lax
from functools import partial

n = jax.device_count()
x = jnp.arange(1.0, n + 1.0)
pm = partial(jax.pmap, axis_name='i')

print(pm(jax.grad(lambda v: lax.psum(v * v, 'i')))(x))
print(pm(jax.grad(lambda v: lax.pmean(jnp.sin(v), 'i') * v))(x))
print(pm(jax.grad(lambda v: jnp.sum(lax.all_gather(v, 'i') * jnp.arange(n * 1.0))))(x))
M = jnp.arange(n * 2.0).reshape(n, 2) / 4.0
print(pm(jax.grad(lambda v: jnp.sum(lax.all_gather(v, 'i', tiled=True) ** 2)))(M))
print(pm(jax.grad(lambda v: jnp.sum(lax.all_gather(v, 'i', axis=1) * 2.0)))(M))
perm = [(k, (k + 1) % n) for k in range(n)]
idx = lambda: lax.axis_index('i').astype(jnp.float32)
print(pm(jax.grad(lambda v: lax.ppermute(v, 'i', perm) * idx()))(x))
print(pm(lambda v: jax.jvp(lambda u: lax.psum(u ** 3, 'i'), (v,), (1.0,)))(x))
# normalise by the global sum: v / psum(v)
print(pm(jax.grad(lambda v: (v / lax.psum(v, 'i')) * idx()))(x))

# the data-parallel step with a replicated (in_axes=None) parameter
@partial(jax.pmap, axis_name='i', in_axes=(None, 0))
def step(w, d):
    g = jax.grad(lambda w: jnp.mean((d * w - 1.0) ** 2))(w)
    return lax.pmean(g, 'i')
print(step(0.5, jnp.linspace(0.0, 1.0, n * 3).reshape(n, 3)))

# differentiating a function that calls pmap
f = jax.pmap(lambda v, w: jnp.tanh(v * w) * lax.psum(v, 'i'), axis_name='i', in_axes=(0, None))
tot = lambda v, w: jnp.sum(f(v, w))
print(jax.grad(tot, argnums=(0, 1))(x, 0.3))
print(jax.jit(jax.grad(tot, argnums=1))(x, 0.3))
print(jax.jvp(lambda w: f(x, w), (0.3,), (1.0,)))
print(jax.jacrev(lambda v: f(v, 0.3))(x))
g = jax.pmap(lambda v: (v * 2.0, jnp.sum(v)), out_axes=(0, None))
print(jax.grad(lambda v: jnp.sum(g(v)[0] ** 2))(x))
# an unmapped (out_axes=None) result that is the same on every device
g2 = jax.pmap(lambda v: (v * 2.0, lax.psum(v * v, 'i')), axis_name='i', out_axes=(0, None))
print(jax.grad(lambda v: g2(v)[1])(x), jax.grad(lambda v: g2(v)[1] + jnp.sum(g2(v)[0]))(x))
