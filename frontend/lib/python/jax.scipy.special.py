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


# ---------------------------------------------------------------------------
# Gamma-family, Bessel, zeta and friends: lgamma/digamma/igamma are lax's
# (XLA's algorithms); the rest are JAX's formulas on them, or classical
# series/continued fractions accurate to float32 where XLA has a kernel.
import math as _math


def _promote(*args):
    arrs = [jnp.asarray(a) for a in args]
    dt = jnp.result_type(*arrs)
    if not jnp.issubdtype(dt, jnp.floating):
        dt = jnp.float32
    return [a.astype(dt) for a in arrs]


def gammaln(x):
    x, = _promote(x)
    return lax.lgamma(x)


loggamma = gammaln


def gammasgn(x):
    x, = _promote(x)
    floor_x = jnp.floor(x)
    neg = x < 0
    return jnp.select([(neg & (x == floor_x)) | jnp.isnan(x),
                       (neg & (jnp.mod(floor_x, 2) != 0)) | ((x == 0) & jnp.signbit(x))],
                      [jnp.asarray(jnp.nan, x.dtype), jnp.asarray(-1.0, x.dtype)],
                      jnp.asarray(1.0, x.dtype))


def gamma(x):
    x, = _promote(x)
    return gammasgn(x) * jnp.exp(lax.lgamma(x))


def digamma(x):
    x, = _promote(x)
    return lax.digamma(x)


def betaln(a, b):
    a, b = _promote(a, b)
    return lax.lgamma(a) + lax.lgamma(b) - lax.lgamma(a + b)


def beta(a, b):
    a, b = _promote(a, b)
    sign = gammasgn(a) * gammasgn(b) * gammasgn(a + b)
    return sign * jnp.exp(betaln(a, b))


def gammainc(a, x):
    a, x = _promote(a, x)
    return lax.igamma(a, x)


def gammaincc(a, x):
    a, x = _promote(a, x)
    return lax.igammac(a, x)


def factorial(n, exact=False):
    if exact:
        raise NotImplementedError('factorial with exact=True')
    n, = _promote(n)
    return jnp.where(n < 0, 0, jnp.exp(lax.lgamma(n + 1)))


def comb(N, k, *, exact=False, repetition=False):
    if exact:
        raise NotImplementedError('comb with exact=True is not implemented in JAX')
    N, k = _promote(N, k)
    if repetition:
        return jnp.where((k == 0) & (N >= 0), 1.0, comb(N + k - 1, k))
    cond = (k <= N) & (N >= 0) & (k >= 0)
    sN = jnp.where(cond, N, 0.0)
    sk = jnp.where(cond, k, 0.0)
    r = jnp.exp(gammaln(sN + 1) - gammaln(sk + 1) - gammaln(sN + 1 - sk))
    return jnp.where(cond, r, 0.0)


def poch(z, m):
    z, m = _promote(z, m)
    return jnp.where(m == 0., jnp.asarray(1, z.dtype), gamma(z + m) / gamma(z))


def multigammaln(a, d):
    d = int(d)
    a, = _promote(a)
    dd = jnp.asarray(d, a.dtype)
    constant = 0.25 * dd * (dd - 1) * jnp.log(jnp.asarray(_math.pi, a.dtype))
    b = jnp.arange(d, dtype=a.dtype) / 2
    res = jnp.sum(gammaln(jnp.expand_dims(a, -1) - b.reshape((1,) * a.ndim + (d,))), axis=-1)
    return res + constant


def rel_entr(p, q):
    p, q = _promote(p, q)
    both = (p > 0) & (q > 0)
    one_zero = (p == 0) & (q >= 0)
    sp = jnp.where(both, p, 1)
    sq = jnp.where(both, q, 1)
    val = sp * jnp.log(sp) - xlogy(sp, sq)
    return jnp.where(both, val, jnp.where(one_zero, 0, jnp.inf))


def kl_div(p, q):
    p, q = _promote(p, q)
    return rel_entr(p, q) - p + q


# Euler-Maclaurin for the Hurwitz zeta function (as Cephes' zeta): nine
# terms of the sum, then the tail and Bernoulli corrections.
_ZETA_B = [1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6,
           -3617.0 / 510]


def zeta(x, q=None):
    if q is None:
        raise NotImplementedError('Riemann zeta function not implemented; pass q != None to '
                                  'compute the Hurwitz Zeta function.')
    s, q = _promote(x, q)
    s, q = jnp.broadcast_arrays(s, q)
    N = 9
    total = jnp.zeros_like(q)
    for k in range(N):
        total = total + jnp.power(q + k, -s)
    a = q + N
    total = total + jnp.power(a, 1 - s) / (s - 1) + 0.5 * jnp.power(a, -s)
    fact = s / a * jnp.power(a, -s)
    term_fac = 1.0
    for j, b2j in enumerate(_ZETA_B):
        k2 = 2 * (j + 1)
        term_fac = term_fac * (k2 - 1) * k2 if j else 2.0
        total = total + b2j / term_fac * fact
        fact = fact * (s + k2 - 1) * (s + k2) / (a * a)
    out = jnp.where(s == 1, jnp.inf, total)
    out = jnp.where((q <= 0) & (q == jnp.floor(q)), jnp.inf, out)
    return jnp.where(s < 1, jnp.nan, out)


def polygamma(n, x):
    n = jnp.asarray(n)
    if not jnp.issubdtype(n.dtype, jnp.integer):
        raise ValueError('Argument `n` to polygamma must be of integer type. Got dtype ' +
                         str(n.dtype) + '.')
    nf, x = _promote(n, x)
    sign = jnp.where(jnp.mod(nf, 2) == 0, -1.0, 1.0).astype(x.dtype)
    fact = jnp.exp(lax.lgamma(nf + 1))
    val = sign * fact * zeta(nf + 1, x)
    return jnp.where(nf == 0, lax.digamma(x), val)


def _i_series(x, order):
    # sum_k (x^2/4)^k / (k! (k+order)!), times (x/2)^order.
    y = x * x / 4
    term = jnp.ones_like(x)
    if order == 1:
        term = x / 2
    total = term
    for k in range(1, 60):
        term = term * y / (k * (k + order))
        total = total + term
    return total


def _i_asymptotic(x, order):
    # e^-x I_nu(x) ~ 1/sqrt(2 pi x) sum_k (-1)^k a_k(nu) / x^k.
    mu = 4.0 * order * order
    term = jnp.ones_like(x)
    total = term
    for k in range(1, 12):
        term = term * -(mu - (2 * k - 1) ** 2) / (k * 8 * x)
        total = total + term
    return total / jnp.sqrt(2 * _math.pi * x)


def _ie(x, order):
    ax = jnp.abs(x)
    small = ax <= 20
    s = _i_series(jnp.where(small, ax, 1), order) * jnp.exp(-jnp.where(small, ax, 0))
    big = _i_asymptotic(jnp.where(small, 21, ax), order)
    r = jnp.where(small, s, big)
    return jnp.where(x < 0, -r, r) if order == 1 else r


def i0e(x):
    x, = _promote(x)
    return _ie(x, 0)


def i1e(x):
    x, = _promote(x)
    return _ie(x, 1)


def i0(x):
    x, = _promote(x)
    return jnp.exp(jnp.abs(x)) * i0e(x)


def i1(x):
    x, = _promote(x)
    return jnp.exp(jnp.abs(x)) * i1e(x)


def erfcx(x):
    x, = _promote(x)
    big = x >= 5
    xs = jnp.where(big, 0, x)
    direct = jnp.exp(xs * xs) * erfc(xs)
    xb = jnp.where(big, x, 5)
    inv2 = 1 / (2 * xb * xb)
    term = jnp.ones_like(xb)
    total = term
    for k in range(1, 10):
        term = -term * (2 * k - 1) * inv2
        total = total + term
    asym = total / (xb * _math.sqrt(_math.pi))
    return jnp.where(big, asym, direct)


def betainc(a, b, x):
    # Regularized incomplete beta: Lentz's continued fraction, on the side
    # of the symmetry point where it converges fast.
    a, b, x = _promote(a, b, x)
    a, b, x = jnp.broadcast_arrays(a, b, x)
    swap = x > (a + 1) / (a + b + 2)
    aa = jnp.where(swap, b, a)
    bb = jnp.where(swap, a, b)
    xx = jnp.where(swap, 1 - x, x)
    tiny = jnp.asarray(1e-30, x.dtype)

    def body(m, st):
        c, d, f = st
        mf = jnp.asarray(m, x.dtype)
        # even step
        num = mf * (bb - mf) * xx / ((aa + 2 * mf - 1) * (aa + 2 * mf))
        d = 1 + num * d
        d = jnp.where(jnp.abs(d) < tiny, tiny, d)
        c = 1 + num / c
        c = jnp.where(jnp.abs(c) < tiny, tiny, c)
        d = 1 / d
        f = f * c * d
        # odd step
        num = -(aa + mf) * (aa + bb + mf) * xx / ((aa + 2 * mf) * (aa + 2 * mf + 1))
        d = 1 + num * d
        d = jnp.where(jnp.abs(d) < tiny, tiny, d)
        c = 1 + num / c
        c = jnp.where(jnp.abs(c) < tiny, tiny, c)
        d = 1 / d
        return c, d, f * c * d

    d0 = 1 - (aa + bb) * xx / (aa + 1)
    d0 = jnp.where(jnp.abs(d0) < tiny, tiny, d0)
    d0 = 1 / d0
    _, _, f = lax.fori_loop(1, 200, body, (jnp.ones_like(xx), d0, d0))
    safe_x = jnp.where((xx > 0) & (xx < 1), xx, 0.5)
    front = jnp.exp(aa * jnp.log(safe_x) + bb * jnp.log1p(-safe_x) - betaln(aa, bb)) / aa
    r = front * f
    r = jnp.where(swap, 1 - r, r)
    r = jnp.where(x <= 0, 0, jnp.where(x >= 1, 1, r))
    return jnp.where((a <= 0) | (b <= 0) | jnp.isnan(x), jnp.nan, r)


def exp1(x):
    x, = _promote(x)
    small = x < 1
    xs = jnp.where(small, x, 0.5)
    term = -xs
    s = term
    for k in range(2, 40):
        term = -term * xs * (k - 1) / (k * k)
        s = s + term
    series = -0.5772156649015329 - jnp.log(xs) - s
    xl = jnp.where(small, 2, x)
    # Continued fraction (modified Lentz) for E1 at x >= 1.
    b = xl + 1
    c = jnp.full_like(xl, 1e30)
    d = 1 / b
    h = d
    for i in range(1, 60):
        an = -float(i * i)
        b = b + 2
        d = 1 / (an * d + b)
        c = b + an / c
        h = h * c * d
    cf = h * jnp.exp(-xl)
    out = jnp.where(small, series, cf)
    out = jnp.where(x == 0, jnp.inf, out)
    return jnp.where(x < 0, jnp.nan, out)


def expi(x):
    x, = _promote(x)
    pos = x > 0
    xp = jnp.where(pos, x, 1)
    term = jnp.ones_like(xp)
    s = jnp.zeros_like(xp)
    for k in range(1, 120):
        term = term * xp / k
        s = s + term / k
    ei_pos = 0.5772156649015329 + jnp.log(xp) + s
    ei_neg = -exp1(jnp.where(pos, 1, -x))
    out = jnp.where(pos, ei_pos, ei_neg)
    return jnp.where(x == 0, -jnp.inf, out)


def boxcox(x, lmbda):
    x, lmbda = _promote(x, lmbda)
    lx = jnp.log(x)
    return jnp.where(lmbda == 0, lx, jnp.expm1(lmbda * lx) / jnp.where(lmbda == 0, 1, lmbda))


def boxcox1p(x, lmbda):
    x, lmbda = _promote(x, lmbda)
    lx = jnp.log1p(x)
    return jnp.where(lmbda == 0, lx, jnp.expm1(lmbda * lx) / jnp.where(lmbda == 0, 1, lmbda))
