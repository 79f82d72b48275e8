# jax.scipy.stats.t: Student's t distribution, in JAX's formulas (the same special
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
    z = (x - loc) / scale
    half_df = df / 2
    half_df1 = half_df + 0.5
    norm = (_sp.gammaln(half_df) + jnp.log(scale * scale * math.pi * df) / 2) - \
        _sp.gammaln(half_df1)
    return -(norm + half_df1 * jnp.log1p(z * z / df))


def pdf(x, df, loc=0, scale=1):
    return jnp.exp(logpdf(x, df, loc, scale))
