# jax.scipy.stats.norm: the normal distribution, in JAX's formulas.
import math
import jax.numpy as jnp
from jax import lax
import jax.scipy.special as _special


def _promote(*args):
    arrs = [jnp.asarray(a) for a in args]
    dt = jnp.result_type(*args)
    if not jnp.issubdtype(dt, jnp.floating):
        dt = jnp.float32
    shape = jnp.broadcast_shapes(*[a.shape for a in arrs])
    return [jnp.broadcast_to(jnp.asarray(a, dtype=dt), shape) for a in args]


def logpdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    scale_sqrd = lax.square(scale)
    log_normalizer = jnp.log((2 * math.pi) * scale_sqrd)
    quadratic = lax.square(x - loc) / scale_sqrd
    return (log_normalizer + quadratic) / -2


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return _special.ndtr((x - loc) / scale)


def logcdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return _special.log_ndtr((x - loc) / scale)


def sf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return _special.ndtr((loc - x) / scale)


def logsf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return _special.log_ndtr((loc - x) / scale)


def ppf(q, loc=0, scale=1):
    q, loc, scale = _promote(q, loc, scale)
    return _special.ndtri(q) * scale + loc


def isf(q, loc=0, scale=1):
    q, loc, scale = _promote(q, loc, scale)
    return -_special.ndtri(q) * scale + loc
