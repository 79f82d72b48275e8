# jax.scipy.stats.multivariate_normal: the multivariate normal distribution, in JAX's formulas (the same special
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


def logpdf(x, mean, cov, allow_singular=None):
    if allow_singular is not None:
        raise NotImplementedError('allow_singular argument of multivariate_normal.logpdf')
    x, mean, cov = [jnp.asarray(v) for v in (x, mean, cov)]
    dt = jnp.result_type(x, mean, cov)
    if not jnp.issubdtype(dt, jnp.floating):
        dt = jnp.float32
    x, mean, cov = x.astype(dt), mean.astype(dt), cov.astype(dt)
    if not mean.shape:
        return -1 / 2 * jnp.square(x - mean) / cov - 1 / 2 * (jnp.log(2 * math.pi) + jnp.log(cov))
    n = mean.shape[-1]
    if not cov.shape:
        y = x - mean
        return -1 / 2 * jnp.einsum('...i,...i->...', y, y) / cov - \
            n / 2 * (jnp.log(2 * math.pi) + jnp.log(cov))
    if cov.ndim < 2 or tuple(cov.shape[-2:]) != (n, n):
        raise ValueError('multivariate_normal.logpdf got incompatible shapes')
    import jax.scipy.linalg as _sl
    L = jnp.linalg.cholesky(cov)
    y = jnp.vectorize(lambda l, v: _sl.solve_triangular(l, v, lower=True),
                      signature='(n,n),(n)->(n)')(L, x - mean)
    return (-1 / 2 * jnp.einsum('...i,...i->...', y, y) - n / 2 * jnp.log(2 * math.pi) -
            jnp.log(jnp.diagonal(L, axis1=-1, axis2=-2)).sum(-1))


def pdf(x, mean, cov):
    return jnp.exp(logpdf(x, mean, cov))
