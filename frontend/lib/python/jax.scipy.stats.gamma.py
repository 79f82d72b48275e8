# jax.scipy.stats.gamma: the gamma distribution, in JAX's formulas (the same special
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


def logpdf(x, a, loc=0, scale=1):
    x, a, loc, scale = _promote(x, a, loc, scale)
    ok = x >= loc
    y = jnp.where(ok, (x - loc) / scale, 1)
    lp = (_sp.xlogy(a - 1, y) - y) - (_sp.gammaln(a) + jnp.log(scale))
    return jnp.where(ok, lp, -jnp.inf)


def pdf(x, a, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, loc, scale))


def cdf(x, a, loc=0, scale=1):
    x, a, loc, scale = _promote(x, a, loc, scale)
    return _sp.gammainc(a, jnp.clip((x - loc) / scale, 0, jnp.inf))


def logcdf(x, a, loc=0, scale=1):
    return jnp.log(cdf(x, a, loc, scale))


def sf(x, a, loc=0, scale=1):
    x, a, loc, scale = _promote(x, a, loc, scale)
    y = (x - loc) / scale
    return jnp.where(y < 0, 1, _sp.gammaincc(a, y))


def logsf(x, a, loc=0, scale=1):
    return jnp.log(sf(x, a, loc, scale))
