# jax.scipy.stats.pareto: the Pareto distribution, in JAX's formulas (the same special
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


def logpdf(x, b, loc=0, scale=1):
    x, b, loc, scale = _promote(x, b, loc, scale)
    z = (x - loc) / scale
    lp = -(jnp.log(scale / b) + (b + 1) * jnp.log(z))
    return jnp.where(x < loc + scale, -jnp.inf, lp)


def pdf(x, b, loc=0, scale=1):
    return jnp.exp(logpdf(x, b, loc, scale))


def cdf(x, b, loc=0, scale=1):
    x, b, loc, scale = _promote(x, b, loc, scale)
    z = (x - loc) / scale
    return jnp.where(x < loc + scale, 0, 1 - jnp.power(z, -b))


def logcdf(x, b, loc=0, scale=1):
    x, b, loc, scale = _promote(x, b, loc, scale)
    z = (x - loc) / scale
    return jnp.where(x < loc + scale, -jnp.inf, jnp.log1p(-jnp.power(z, -b)))


def logsf(x, b, loc=0, scale=1):
    x, b, loc, scale = _promote(x, b, loc, scale)
    z = (x - loc) / scale
    return jnp.where(x < loc + scale, 0, -(b * jnp.log(z)))


def sf(x, b, loc=0, scale=1):
    return jnp.exp(logsf(x, b, loc, scale))


def ppf(q, b, loc=0, scale=1):
    q, b, loc, scale = _promote(q, b, loc, scale)
    v = loc + scale * jnp.power(1 - q, -(1 / b))
    return jnp.where(jnp.isnan(q) | (q < 0) | (q > 1), jnp.nan, v)
