# jax.scipy.stats.logistic: the logistic distribution, in JAX's formulas (the same special
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
    h = z / 2
    return -2 * jnp.logaddexp(h, -h) - jnp.log(scale)


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return _sp.expit((x - loc) / scale)


def sf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return _sp.expit(-((x - loc) / scale))


def ppf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return _sp.logit(x) * scale + loc


def isf(x, loc=0, scale=1):
    x, loc, scale = _promote(x, loc, scale)
    return -_sp.logit(x) * scale + loc
