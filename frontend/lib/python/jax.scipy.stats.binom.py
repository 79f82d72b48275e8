# jax.scipy.stats.binom: the binomial distribution, in JAX's formulas (the same special
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


def logpmf(k, n, p, loc=0):
    k, n, p, loc = _promote(k, n, p, loc)
    y = k - loc
    comb = _sp.gammaln(n + 1) - (_sp.gammaln(y + 1) + _sp.gammaln(n - y + 1))
    lin = _sp.xlogy(y, p) + _sp.xlog1py(n - y, -p)
    lp = comb + lin
    lp = jnp.where(((y == 0) & (n == 0)) | (lin == 0), 0., lp)
    return jnp.where((k >= loc) & (k < loc + n + 1), lp, -jnp.inf)


def pmf(k, n, p, loc=0):
    return jnp.exp(logpmf(k, n, p, loc))
