# jax.scipy.stats.expon: the exponential distribution, in JAX's formulas (the same special
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
    return jnp.where(x < loc, -jnp.inf, -((x - loc) / scale + jnp.log(scale)))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    z = (loc - x) / scale
    return jnp.where(x < loc, jnp.zeros_like(z), -jnp.expm1(z))


def logsf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    z = (loc - x) / scale
    return jnp.where(x < loc, jnp.zeros_like(z), z)


def sf(x, loc=0, scale=1):
    return jnp.exp(logsf(x, loc, scale))


def logcdf(x, loc=0, scale=1):
    return jnp.log1p(-sf(x, loc, scale))


def ppf(q, loc=0, scale=1):
    q, loc, scale = _promote(q, loc, scale)
    return jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), jnp.nan, loc - scale * jnp.log1p(-q))
