# jax.scipy.integrate: the trapezoidal rule.
import jax.numpy as jnp


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = jnp.moveaxis(jnp.asarray(y), axis, -1)
    if x is None:
        d = dx
    else:
        x = jnp.asarray(x)
        d = jnp.diff(x) if x.ndim == 1 else jnp.diff(jnp.moveaxis(x, axis, -1), axis=-1)
    return 0.5 * jnp.sum(d * (y[..., 1:] + y[..., :-1]), axis=-1)
