# jax.scipy.stats.dirichlet: the Dirichlet distribution, in JAX's formulas (the same special
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


def logpdf(x, alpha):
    x, alpha = jnp.asarray(x), jnp.asarray(alpha)
    dt = jnp.result_type(x, alpha)
    if not jnp.issubdtype(dt, jnp.floating):
        dt = jnp.float32
    x, alpha = x.astype(dt), alpha.astype(dt)
    if alpha.ndim != 1:
        raise ValueError('`alpha` must be one-dimensional; got alpha.shape=' + str(alpha.shape))
    if x.shape[0] not in (alpha.shape[0], alpha.shape[0] - 1):
        raise ValueError('`x` must have either the same number of entries as `alpha` or one '
                         'entry fewer; got x.shape=' + str(x.shape) + ', alpha.shape=' +
                         str(alpha.shape))
    if x.shape[0] != alpha.shape[0]:
        x = jnp.concatenate([x, 1 - x.sum(0, keepdims=True)], axis=0)
    norm = jnp.sum(_sp.gammaln(alpha)) - _sp.gammaln(jnp.sum(alpha))
    if x.ndim > 1:
        alpha = alpha.reshape(alpha.shape + (1,) * (x.ndim - 1))
    lp = jnp.sum(_sp.xlogy(alpha - 1, x), axis=0) - norm
    simplex = jnp.all(x > 0, axis=0) & (jnp.abs(jnp.sum(x, axis=0) - 1) < 1e-6)
    return jnp.where(simplex, lp, -jnp.inf)


def pdf(x, alpha):
    return jnp.exp(logpdf(x, alpha))
