# covers: jax.custom_jvp (defjvp decorator, used in forward and reverse mode, under jit, nested grad), custom_vjp with nondiff_argnums and pytree residuals, custom_vjp inside scan and fori_loop, a numerically-safe log1pexp
import jax
import jax.numpy as jnp
from jax import lax
from functools import partial

@jax.custom_jvp
def log1pexp(x):
    return jnp.log(1.0 + jnp.exp(x))

@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), t * (1.0 - 1.0 / (1.0 + jnp.exp(x)))

xs = jnp.array([-3.0, 0.0, 2.0, 10.0])
print(log1pexp(xs))
print(jax.grad(lambda v: jnp.sum(log1pexp(v)))(xs))
print(jax.jvp(log1pexp, (xs,), (jnp.ones(4),))[1])
print(jax.jit(jax.grad(lambda v: jnp.sum(log1pexp(v) * v)))(xs))

@jax.custom_jvp
def clip_grad(x):
    return x
clip_grad.defjvp(lambda p, t: (p[0], jnp.clip(t[0], -1.0, 1.0)))
print(jax.jvp(clip_grad, (2.0,), (0.5,))[1], jax.jvp(lambda v: clip_grad(v * 5.0), (1.0,), (1.0,))[1])

@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scaled(k, x, y):
    return k * x * y
def scaled_fwd(k, x, y):
    return scaled(k, x, y), {'x': x, 'y': y}
def scaled_bwd(k, res, g):
    return (k * g * res['y'] * 10.0, k * g * res['x'])
scaled.defvjp(scaled_fwd, scaled_bwd)
print(scaled(2.0, 3.0, 4.0))
print(jax.grad(scaled, argnums=(1, 2))(2.0, 3.0, 4.0))
v, g = jax.value_and_grad(lambda a: scaled(3.0, a, a))(1.5)
print(v, g)

@jax.custom_vjp
def noisy_identity(x):
    return x
noisy_identity.defvjp(lambda x: (x, None), lambda res, g: (g * 0.5,))
def loop(x):
    c, _ = lax.scan(lambda c, _: (noisy_identity(c) * 2.0, None), x, None, length=3)
    return lax.fori_loop(0, 2, lambda i, c: noisy_identity(c) + 1.0, c)
print(loop(1.0), jax.grad(loop)(1.0), jax.jit(jax.grad(loop))(1.0))
print(jax.grad(jax.grad(lambda v: log1pexp(v) * v))(0.5))
