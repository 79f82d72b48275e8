# jax.scipy.stats.laplace: the Laplace distribution, in JAX's formulas (the same special
# functions, so the values agree with JAX to float32 rounding).
import math
import jax.numpy as jnp
import jax.scipy.special as _sp


def _promote(*args):
    arrs = [jnp.asarray(a) for a in args]
    dt = jnp.result_type(*arrs)
    if not jnp.issubdtype(dt, jnp.floating):
        dt = jnp.float32
    shape = jnp.broadcast_shapes(*[a.shape for a in arrs])
    return [jnp.broadcast_to(a.astype(dt), shape) for a in arrs]


def logpdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return -(jnp.abs(x - loc) / scale + jnp.log(2 * scale))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    d = (x - loc) / scale
    return jnp.where(d <= 0, 0.5 * jnp.exp(d), 1 - 0.5 * jnp.exp(-d))
