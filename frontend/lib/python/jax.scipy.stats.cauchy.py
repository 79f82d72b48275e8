# jax.scipy.stats.cauchy: the Cauchy distribution, in JAX's formulas (the same special
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
    z = (x - loc) / scale
    return -(jnp.log(math.pi * scale) + jnp.log1p(z * z))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return 0.5 + (1. / math.pi) * jnp.arctan((x - loc) / scale)


def logcdf(x, loc=0, scale=1):
    return jnp.log(cdf(x, loc, scale))


def sf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return cdf(-x, -loc, scale)


def logsf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return logcdf(-x, -loc, scale)


def isf(q, loc=0, scale=1):
    q, loc, scale = _promote(q, loc, scale)
    return jnp.tan(math.pi / 2 - math.pi * q) * scale + loc


def ppf(q, loc=0, scale=1):
    q, loc, scale = _promote(q, loc, scale)
    return jnp.tan(math.pi * q - math.pi / 2) * scale + loc
