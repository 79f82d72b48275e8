# jax.scipy.special: the common special functions, on jax.numpy and lax.
import jax
import jax.numpy as jnp
from jax import lax


def _inexact(x):
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(jnp.float32)
    return x


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    a = _inexact(a)
    if b is not None:
        b = jnp.asarray(b)
        a, b = jnp.broadcast_arrays(a, b)
        a = jnp.where(b != 0, a, -jnp.inf)
    if where is not None:
        a = jnp.where(where, a, -jnp.inf)
    amax = jnp.max(a, axis=axis, keepdims=True)
    # An all -inf (or inf) slice shifts by 0, so the result is -inf (nan), not nan.
    amax = lax.stop_gradient(jnp.where(jnp.isfinite(amax), amax, 0))
    e = jnp.exp(a - amax)
    if b is not None:
        e = e * b
    s = jnp.sum(e, axis=axis, keepdims=keepdims)
    sign = jnp.sign(s)
    if return_sign or b is not None:
        s = jnp.abs(s)
    out = jnp.log(s)
    if not keepdims:
        amax = jnp.squeeze(amax, axis=axis)
    out = out + amax
    if return_sign:
        return out, sign
    if b is not None:
        out = jnp.where(sign < 0, jnp.nan, out)
    return out


def expit(x):
    return 1 / (1 + jnp.exp(-_inexact(x)))


def logit(x):
    x = _inexact(x)
    return jnp.log(x / (1 - x))


def erf(x):
    return lax.erf(_inexact(x))


def erfinv(x):
    return lax.erf_inv(_inexact(x))


def erfc(x):
    # 1 - erf(x) loses the tail: for |x| >= 0.5 use the Chebyshev fit of
    # erfc (Numerical Recipes' erfcc, relative error below 1.2e-7).
    x = _inexact(x)
    z = jnp.abs(x)
    t = 1.0 / (1.0 + 0.5 * z)
    poly = (-1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (
            -0.82215223 + t * 0.17087277)))))))))
    tail = t * jnp.exp(-z * z + poly)
    tail = jnp.where(x >= 0, tail, 2.0 - tail)
    return jnp.where(z < 0.5, 1.0 - lax.erf(x), tail)


def ndtr(x):
    x = _inexact(x)
    half_sqrt_2 = 0.5 * 2 ** 0.5
    w = x * half_sqrt_2
    z = jnp.abs(w)
    y = jnp.where(z < half_sqrt_2, 1.0 + lax.erf(w), jnp.where(w > 0, 2.0 - erfc(z), erfc(z)))
    return 0.5 * y


def log_ndtr(x):
    return jnp.log(ndtr(x))


def ndtri(p):
    p = _inexact(p)
    return 2 ** 0.5 * lax.erf_inv(2 * p - 1)


# x log y and x log1p y are 0 where x is 0, yet their derivatives there are
# JAX's (log y, x / y), hence custom rules.
@jax.custom_jvp
def xlogy(x, y):
    x = _inexact(x)
    y = jnp.asarray(y)
    return jnp.where(x == 0, 0.0, x * jnp.log(jnp.where(x == 0, 1.0, y)))


@xlogy.defjvp
def _xlogy_jvp(primals, tangents):
    x, y = primals
    tx, ty = tangents
    return xlogy(x, y), tx * jnp.log(y) + ty * x / y


@jax.custom_jvp
def xlog1py(x, y):
    x = _inexact(x)
    y = jnp.asarray(y)
    return jnp.where(x == 0, 0.0, x * jnp.log1p(jnp.where(x == 0, 0.0, y)))


@xlog1py.defjvp
def _xlog1py_jvp(primals, tangents):
    x, y = primals
    tx, ty = tangents
    return xlog1py(x, y), tx * jnp.log1p(y) + ty * x / (1.0 + y)


def entr(x):
    x = _inexact(x)
    return jnp.where(x < 0, -jnp.inf, -xlogy(x, x))


def softmax(x, axis=None):
    # scipy's default normalises over every element (jax.nn's over the last axis).
    import jax.nn
    return jax.nn.softmax(x, axis)


def log_softmax(x, axis=None):
    import jax.nn
    return jax.nn.log_softmax(x, axis)


def gammaln(x):
    return lax.lgamma(_inexact(x))


def digamma(x):
    return lax.digamma(_inexact(x))


def gamma(x):
    # Gamma's sign alternates between the poles left of zero.
    x = _inexact(x)
    sign = jnp.where((x > 0) | (jnp.floor(x) % 2 == 0), 1.0, -1.0)
    return sign * jnp.exp(lax.lgamma(x))


def betaln(a, b):
    a, b = _inexact(a), _inexact(b)
    return lax.lgamma(a) + lax.lgamma(b) - lax.lgamma(a + b)
