# jax.scipy.stats.geom: the geometric distribution, in JAX's formulas (the same special
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
    return jnp.where(x <= 0, -jnp.inf, _sp.xlog1py(x - 1, -p) + jnp.log(p))


def pmf(k, p, loc=0):
    return jnp.exp(logpmf(k, p, loc))
