# jax.scipy.stats.chi2: the chi-squared distribution, in JAX's formulas (the same special
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


def logpdf(x, df, loc=0, scale=1):
    x, df, loc, scale = _promote(x, df, loc, scale)
    y = (x - loc) / scale
    h = df / 2
    kernel = (h - 1) * jnp.log(y) - y / 2
    const = -(_sp.gammaln(h) + math.log(2) * df / 2)
    return jnp.where(x < loc, -jnp.inf, (const - jnp.log(scale)) + kernel)


def pdf(x, df, loc=0, scale=1):
    return jnp.exp(logpdf(x, df, loc, scale))


def cdf(x, df, loc=0, scale=1):
    x, df, loc, scale = _promote(x, df, loc, scale)
    return _sp.gammainc(df / 2, jnp.clip((x - loc) / (scale * 2), 0, jnp.inf))


def logcdf(x, df, loc=0, scale=1):
    return jnp.log(cdf(x, df, loc, scale))


def sf(x, df, loc=0, scale=1):
    x, df, loc, scale = _promote(x, df, loc, scale)
    return _sp.gammaincc(df / 2, jnp.clip((x - loc) / (scale * 2), 0, jnp.inf))


def logsf(x, df, loc=0, scale=1):
    return jnp.log(sf(x, df, loc, scale))
