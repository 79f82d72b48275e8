# jax.scipy.stats.poisson: the Poisson distribution, in JAX's formulas (the same special
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


def logpmf(k, mu, loc=0):
    k, mu, loc = _promote(k, mu, loc)
    x = k - loc
    lp = _sp.xlogy(x, mu) - _sp.gammaln(x + 1) - mu
    return jnp.where((x < 0) | (jnp.round(k) != k), -jnp.inf, lp)


def pmf(k, mu, loc=0):
    return jnp.exp(logpmf(k, mu, loc))


def cdf(k, mu, loc=0):
    k, mu, loc = _promote(k, mu, loc)
    x = k - loc
    return jnp.where(x < 0, 0, _sp.gammaincc(jnp.floor(1 + x), mu))
