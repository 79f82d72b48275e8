# jax.scipy.stats.bernoulli: the Bernoulli distribution, in JAX's formulas (the same special
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


def logpmf(k, p, loc=0):
    k, p, loc = _promote(k, p, loc)
    x = k - loc
    lp = _sp.xlogy(x, p) + _sp.xlog1py(1 - x, -p)
    return jnp.where((x < 0) | (x > 1), -jnp.inf, lp)


def pmf(k, p, loc=0):
    return jnp.exp(logpmf(k, p, loc))


def cdf(k, p):
    k, p = _promote(k, p)
    bad = jnp.isnan(k) | jnp.isnan(p) | (p < 0) | (p > 1)
    return jnp.select([bad, k < 0, (k >= 0) & (k < 1), k >= 1],
                      [jnp.full_like(k, jnp.nan), jnp.zeros_like(k), 1 - p, jnp.ones_like(k)])


def ppf(q, p):
    q, p = _promote(q, p)
    bad = jnp.isnan(q) | jnp.isnan(p) | (p < 0) | (p > 1) | (q < 0) | (q > 1)
    return jnp.where(bad, jnp.nan, jnp.where(q <= 1 - p, 0.0, 1.0))
