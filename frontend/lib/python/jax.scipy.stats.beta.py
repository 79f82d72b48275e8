# jax.scipy.stats.beta: the beta distribution, in JAX's formulas (the same special
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


def logpdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = _promote(x, a, b, loc, scale)
    y = (x - loc) / scale
    lp = -_sp.betaln(a, b) + (_sp.xlogy(a - 1, y) + _sp.xlog1py(b - 1, -y)) - jnp.log(scale)
    lp = jnp.where((x > loc + scale) | (x < loc), -jnp.inf, lp)
    return jnp.where((a <= 0) | (b <= 0) | (scale <= 0), jnp.nan, lp)


def pdf(x, a, b, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, b, loc, scale))


def cdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = _promote(x, a, b, loc, scale)
    return _sp.betainc(a, b, jnp.clip((x - loc) / scale, 0, 1))


def logcdf(x, a, b, loc=0, scale=1):
    return jnp.log(cdf(x, a, b, loc, scale))


def sf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = _promote(x, a, b, loc, scale)
    return _sp.betainc(b, a, 1 - jnp.clip((x - loc) / scale, 0, 1))


def logsf(x, a, b, loc=0, scale=1):
    return jnp.log(sf(x, a, b, loc, scale))
