# The Python half of jax.random: typed key arrays (jax.random.key).
#
# A typed key array has JAX's element type key<fry>: its shape leaves out
# the trailing 2 of the uint32 key data it overlays. The samplers (C++,
# Random.cpp) accept it and raw PRNGKey data alike; split, fold_in, clone
# and wrap_key_data return typed keys for typed input. It is a pytree node
# whose one child is the key data, so jit, pmap, scan and while_loop carry
# it through as the uint32 array and rebuild it on the other side.
import jax.tree_util as _tree_util


class _KeyDType:
    """key<fry>: the dtype of a threefry typed key array."""

    name = 'key<fry>'

    def __repr__(self):
        return 'key<fry>'

    def __str__(self):
        return 'key<fry>'

    def __eq__(self, other):
        return isinstance(other, _KeyDType) or other == 'key<fry>'

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash('key<fry>')


_KEY_DTYPE = _KeyDType()


class PRNGKeyArray:
    """An array of threefry keys (jax.random.key, jax.random.split)."""

    def __init__(self, key_data):
        self._base = key_data

    @property
    def shape(self):
        return tuple(self._base.shape[:-1])

    @property
    def dtype(self):
        return _KEY_DTYPE

    @property
    def ndim(self):
        return len(self._base.shape) - 1

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def __len__(self):
        if self.ndim == 0:
            raise TypeError('len() of unsized object')
        return self._base.shape[0]

    def __getitem__(self, index):
        if self.ndim == 0:
            raise IndexError('Too many indices: 0-dimensional array indexed with 1 regular index.')
        return PRNGKeyArray(self._base[index])

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError('iteration over a 0-d key array')
        return iter([PRNGKeyArray(self._base[i]) for i in range(self._base.shape[0])])

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return PRNGKeyArray(self._base.reshape(tuple(shape) + (2,)))

    def __repr__(self):
        return 'Array(' + str(self.shape) + ', dtype=key<fry>) overlaying:\n' + str(self._base)

    def __str__(self):
        return self.__repr__()


_tree_util.register_pytree_node(
    PRNGKeyArray, lambda k: ((k._base,), None), lambda aux, children: PRNGKeyArray(children[0]))


# Samplers written on the C++ ones, with JAX's draws (so the numbers match).
import jax.numpy as _jnp
from jax.random import bernoulli as _bernoulli, gumbel as _gumbel, uniform as _uniform

_EPS = {'float32': 1.1920929e-07, 'float16': 0.000977, 'bfloat16': 0.0078125}
_EPSNEG = {'float32': 5.9604645e-08, 'float16': 0.0004883, 'bfloat16': 0.00390625}
_TINY = {'float32': 1.1754944e-38, 'float16': 6.104e-05, 'bfloat16': 1.17549435e-38}


def _float_dtype(dtype):
    dt = _jnp.dtype(_jnp.float32 if dtype is None else dtype)
    if str(dt) not in _EPS:
        raise ValueError('dtype argument must be a float dtype, got ' + str(dt))
    return dt


def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None):
    logits = _jnp.asarray(logits)
    nd = logits.ndim
    ax = axis % nd
    batch_shape = tuple(d for i, d in enumerate(logits.shape) if i != ax)
    shape = batch_shape if shape is None else tuple(shape)
    prefix = shape[:len(shape) - len(batch_shape)]
    if not replace:
        raise NotImplementedError('categorical(replace=False) is not implemented in parax')
    if axis >= 0:
        axis -= nd
    logits_shape = list(shape[len(shape) - len(batch_shape):])
    logits_shape.insert(axis % nd, logits.shape[axis])
    noise = _gumbel(key, tuple(prefix) + tuple(logits_shape), logits.dtype)
    return _jnp.argmax(noise + logits.reshape((1,) * len(prefix) + logits.shape), axis=axis)


def laplace(key, shape=(), dtype=None):
    dt = _float_dtype(dtype)
    u = _uniform(key, shape, dt, minval=-1. + _EPSNEG[str(dt)], maxval=1.)
    return _jnp.sign(u) * _jnp.log1p(-_jnp.abs(u))


def logistic(key, shape=(), dtype=None):
    dt = _float_dtype(dtype)
    x = _uniform(key, shape, dt, minval=_TINY[str(dt)], maxval=1.)
    return _jnp.log(x) - _jnp.log1p(-x)


def cauchy(key, shape=(), dtype=None):
    dt = _float_dtype(dtype)
    u = _uniform(key, shape, dt, minval=_EPS[str(dt)], maxval=1.)
    return _jnp.tan(_jnp.pi * (u - 0.5))


def rademacher(key, shape=(), dtype=None):
    dt = _jnp.dtype(_jnp.int32 if dtype is None else dtype)
    b = _bernoulli(key, 0.5, shape).astype(dt)
    return (2 * b - 1).astype(dt)


# ---------------------------------------------------------------------------
# The samplers built on gamma, normal and uniform. Each follows
# jax/_src/random/core.py step by step (the same draws from the same split
# keys in the same order), so a key gives JAX's numbers bit for bit.
import math as _math


from _parax_lazy import jax as _jax, lax as _lax, tree_util as _tu
from jax.random import (normal as _normal, split as _split, key_data as _key_data,
                        exponential as _exponential)


def _flo(dtype):
    return _float_dtype(dtype)


def _shape_of(*args):
    return _jnp.broadcast_shapes(*[_jnp.shape(a) for a in args])


def _check_shape(name, shape, *param_shapes):
    shape = tuple(shape)
    if param_shapes:
        full = _jnp.broadcast_shapes(shape, *param_shapes)
        if tuple(full) != shape:
            raise ValueError(name + ' parameter shapes must be broadcast-compatible with shape '
                             'argument, and the result of broadcasting the shapes must equal the '
                             'shape argument, but got result ' + str(tuple(full)) +
                             ' for shape argument ' + str(shape) + '.')


def _broadcast_shape(name, shape, *args):
    if shape is None:
        return tuple(_shape_of(*args))
    shape = tuple(shape)
    _check_shape(name, shape, *[_jnp.shape(a) for a in args])
    return shape


def _gamma_one(key, alpha, log_space):
    # Marsaglia and Tsang, with JAX's boost for alpha < 1.
    dt = alpha.dtype
    zero = _jnp.zeros((), dt)
    one = _jnp.ones((), dt)
    two = _jnp.full((), 2, dt)
    minus_one = _jnp.full((), -1, dt)
    third = _jnp.full((), 1. / 3., dt)
    squeeze = _jnp.full((), 0.0331, dt)
    boost_mask = alpha >= one
    alpha_orig = alpha
    alpha = _jnp.where(boost_mask, alpha, alpha + one)
    d = alpha - third
    c = third / _jnp.sqrt(d)

    def cond_fn(s):
        _, X, V, U = s
        return (U >= one - squeeze * (X * X)) & (
            _jnp.log(U) >= X * 0.5 + d * ((one - V) + _jnp.log(V)))

    def next_xv(s):
        k, sub = _split(s[0])
        x = _normal(sub, (), dt)
        return k, x, one + x * c

    def body_fn(s):
        k, x_key, u_key = _split(s[0], 3)
        _, x, v = _lax.while_loop(lambda t: t[2] <= zero, next_xv, (x_key, zero, minus_one))
        return k, x * x, (v * v) * v, _uniform(u_key, (), dt)

    key, subkey = _split(key)
    V = _lax.while_loop(cond_fn, body_fn, (key, zero, one, two))[2]
    if log_space:
        log_samples = -_exponential(subkey, (), dt)
        log_boost = _jnp.where(boost_mask | (log_samples == 0), zero,
                               log_samples * (one / alpha_orig))
        return (_jnp.log(d) + _jnp.log(V)) + log_boost
    samples = 1 - _uniform(subkey, (), dt)
    boost = _jnp.where(boost_mask, one, _lax.pow(samples, one / alpha_orig))
    return (d * V) * boost


def _gamma_impl(key, a, log_space):
    data = _key_data(key)
    n = 1
    for s in a.shape:
        n *= s
    if n == 0:
        return _jnp.zeros(a.shape, a.dtype)
    keys = _split(data, n).reshape((n, 2))
    samples = _lax.map(lambda ka: _gamma_one(ka[0], ka[1], log_space), (keys, a.reshape((n,))))
    return samples.reshape(a.shape)


def _gamma(name, key, a, shape, dtype, log_space):
    dt = _flo(dtype)
    a = _jnp.asarray(a)
    if shape is None:
        shape = tuple(a.shape)
    else:
        shape = tuple(shape)
        _check_shape(name, shape, a.shape)
    a = a.astype(dt)
    if tuple(a.shape) != shape:
        a = _jnp.broadcast_to(a, shape)
    return _gamma_impl(key, a, log_space)


def gamma(key, a, shape=None, dtype=None):
    return _gamma('gamma', key, a, shape, dtype, False)


def loggamma(key, a, shape=None, dtype=None):
    return _gamma('gamma', key, a, shape, dtype, True)


def beta(key, a, b, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('beta', shape, a, b)
    a = _jnp.broadcast_to(_jnp.asarray(a).astype(dt), shape)
    b = _jnp.broadcast_to(_jnp.asarray(b).astype(dt), shape)
    key_a, key_b = _split(_key_data(key))
    log_gamma_a = loggamma(key_a, a, shape, dt)
    log_gamma_b = loggamma(key_b, b, shape, dt)
    log_max = _jnp.maximum(log_gamma_a, log_gamma_b)
    ga = _jnp.exp(log_gamma_a - log_max)
    gb = _jnp.exp(log_gamma_b - log_max)
    return ga / (ga + gb)


def dirichlet(key, alpha, shape=None, dtype=None):
    dt = _flo(dtype)
    alpha = _jnp.asarray(alpha)
    if alpha.ndim < 1:
        raise ValueError('dirichlet requires alpha.ndim >= 1, got alpha.ndim == ' +
                         str(alpha.ndim))
    if shape is None:
        shape = tuple(alpha.shape[:-1])
    else:
        shape = tuple(shape)
        _check_shape('dirichlet', shape, alpha.shape[:-1])
    alpha = alpha.astype(dt)
    log_g = loggamma(key, alpha, shape + tuple(alpha.shape[-1:]), dt)
    return _jax.nn.softmax(log_g, -1)


def _int_dtype(dtype, name):
    dt = _jnp.dtype(_jnp.int32 if dtype is None else dtype)
    if not _jnp.issubdtype(dt, _jnp.integer):
        raise ValueError('dtype argument to `' + name + '` must be an int dtype, got ' + str(dt))
    return dt


def _poisson_knuth(key, lam, shape, dtype):
    def body_fn(c):
        i, k, rng, log_prod = c
        rng, sub = _split(rng)
        k = _jnp.where(log_prod > -lam, k + 1, k)
        u = _uniform(sub, shape, _jnp.float32)
        return i + 1, k, rng, log_prod + _jnp.log(u)

    def cond_fn(c):
        return _jnp.any(c[3] > -lam)

    k0 = _jnp.zeros(shape, dtype)
    lp0 = _jnp.zeros(shape, _jnp.float32)
    k = _lax.while_loop(cond_fn, body_fn, (0, k0, key, lp0))[1]
    return (k - 1).astype(dtype)


def _poisson_rejection(key, lam, shape, dtype):
    # Hormann's transformed rejection.
    log_lam = _jnp.log(lam)
    b = 0.931 + 2.53 * _jnp.sqrt(lam)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    v_r = 0.9277 - 3.6224 / (b - 2)

    def body_fn(c):
        i, k_out, accepted, k = c
        k, s0, s1 = _split(k, 3)
        u = _uniform(s0, shape, lam.dtype) - 0.5
        v = _uniform(s1, shape, lam.dtype)
        us = 0.5 - _jnp.abs(u)
        kk = _jnp.floor((2 * a / us + b) * u + lam + 0.43)
        s = _jnp.log(v * inv_alpha / (a / (us * us) + b))
        t = -lam + kk * log_lam - lgamma_xla(kk + 1)
        accept1 = (us >= 0.07) & (v <= v_r)
        reject = (kk < 0) | ((us < 0.013) & (v > us))
        accept2 = s <= t
        accept = accept1 | (~reject & accept2)
        return i + 1, _jnp.where(accept, kk, k_out), accepted | accept, k

    def cond_fn(c):
        return _jnp.any(~c[2])

    k0 = _jnp.full(shape, -1, lam.dtype)
    acc0 = _jnp.zeros(shape, bool)
    return _lax.while_loop(cond_fn, body_fn, (0, k0, acc0, key))[1].astype(dtype)


def poisson(key, lam, shape=None, dtype=None):
    dt = _int_dtype(dtype, 'poisson')
    lam = _jnp.asarray(lam)
    shape = tuple(lam.shape) if shape is None else tuple(shape)
    lam = _jnp.broadcast_to(lam, shape).astype(_jnp.float32)
    key = _key_data(key)
    use_knuth = _jnp.isnan(lam) | (lam < 10)
    lam_knuth = _jnp.where(use_knuth, lam, 0.0)
    lam_rej = _jnp.where(use_knuth, 1e5, lam)
    result = _jnp.where(use_knuth, _poisson_knuth(key, lam_knuth, shape, dt),
                        _poisson_rejection(key, lam_rej, shape, dt))
    return _jnp.where(lam == 0, _jnp.zeros_like(result), result)


def lgamma_xla(x):
    from jax.lax import lgamma
    return lgamma(x)


_STIRLING_TAIL = [0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                  0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                  0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                  0.00833056343336287]


def _stirling_approx_tail(k):
    vals = _jnp.array(_STIRLING_TAIL, dtype=k.dtype)
    use_tail = k <= 9
    k = _jnp.clip(k, 0.0, 9.0)
    kp1sq = (k + 1) * (k + 1)
    approx = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)
    k = _jnp.floor(k)
    return _jnp.where(use_tail, vals[k.astype(_jnp.int32)], approx)


def _binomial_inversion(key, count, prob, shape, dtype):
    log1mp = _jnp.log1p(-prob)

    def body_fn(c):
        i, num_geom, geom_sum, k = c
        sub, k = _split(k)
        num_geom_out = _jnp.where(geom_sum <= count, num_geom + 1, num_geom)
        u = _uniform(sub, shape, prob.dtype)
        geom = _jnp.ceil(_jnp.log(u) / log1mp)
        return i + 1, num_geom_out, geom_sum + geom, k

    def cond_fn(c):
        return _jnp.any(c[2] <= count)

    z = _jnp.zeros(shape, prob.dtype)
    k = _lax.while_loop(cond_fn, body_fn, (0, z, z, key))[1]
    return (k - 1).astype(dtype)


def _btrs(key, count, prob, shape, dtype):
    stddev = _jnp.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = _jnp.floor((count + 1) * prob)

    def body_fn(carry):
        i, k_out, accepted, k = carry
        k, s0, s1 = _split(k, 3)
        u = _uniform(s0, shape, prob.dtype)
        v = _uniform(s1, shape, prob.dtype)
        u = u - 0.5
        us = 0.5 - _jnp.abs(u)
        accept1 = (us >= 0.07) & (v <= v_r)
        kk = _jnp.floor((2 * a / us + b) * u + c)
        reject = (kk < 0) | (kk > count)
        v = _jnp.log(v * alpha / (a / (us * us) + b))
        ub = ((m + 0.5) * _jnp.log((m + 1) / (r * (count - m + 1))) +
              (count + 1) * _jnp.log((count - m + 1) / (count - kk + 1)) +
              (kk + 0.5) * _jnp.log(r * (count - kk + 1) / (kk + 1)) +
              _stirling_approx_tail(m) + _stirling_approx_tail(count - m) -
              _stirling_approx_tail(kk) - _stirling_approx_tail(count - kk))
        accept = accept1 | (~reject & (v <= ub))
        return i + 1, _jnp.where(accept, kk, k_out), accepted | accept, k

    def cond_fn(carry):
        return _jnp.any(~carry[2])

    k0 = _jnp.full(shape, -1, prob.dtype)
    return _lax.while_loop(cond_fn, body_fn, (0, k0, _jnp.zeros(shape, bool), key))[1].astype(dtype)


def binomial(key, n, p, shape=None, dtype=None):
    dt = _flo(dtype)
    key = _key_data(key)
    count, prob = n, p
    shape = _broadcast_shape('binomial', shape, count, prob)
    prob = _jnp.asarray(prob)
    if not _jnp.issubdtype(prob.dtype, _jnp.floating):
        prob = prob.astype(_jnp.float32)
    count = _jnp.broadcast_to(_jnp.asarray(count).astype(prob.dtype), shape)
    prob = _jnp.broadcast_to(prob, shape)
    p_lt_half = prob < 0.5
    q = _jnp.where(p_lt_half, prob, 1.0 - prob)
    count_nan_or_neg = _jnp.isnan(count) | (count < 0.0)
    count_inf = _jnp.isinf(count)
    q_is_nan = _jnp.isnan(q)
    q_l_0 = q < 0.0
    q = _jnp.where(q_is_nan | q_l_0, _jnp.full_like(q, 0.01), q)
    use_inversion = count_nan_or_neg | (count * q <= 10.0)
    count = _jnp.floor(count)
    count_inv = _jnp.where(use_inversion, count, _jnp.zeros_like(count))
    count_btrs = _jnp.where(use_inversion, _jnp.full_like(count, 1e4), count)
    q_btrs = _jnp.where(use_inversion, _jnp.full_like(q, 0.5), q)
    samples = _jnp.where(use_inversion, _binomial_inversion(key, count_inv, q, shape, dt),
                         _btrs(key, count_btrs, q_btrs, shape, dt))
    invalid = q_l_0 | q_is_nan | count_nan_or_neg
    samples = _jnp.where(invalid, _jnp.full_like(samples, _jnp.nan), samples)
    samples = _jnp.where(count_inf & ~invalid, _jnp.full_like(samples, _jnp.inf), samples)
    return _jnp.where(p_lt_half | count_nan_or_neg | q_is_nan | count_inf, samples,
                      count.astype(dt) - samples)


def multinomial(key, n, p, *, shape=None, dtype=None, unroll=1):
    dt = _flo(dtype)
    p = _jnp.asarray(p)
    n = _jnp.asarray(n)
    if not _jnp.issubdtype(p.dtype, _jnp.floating):
        p = p.astype(_jnp.float32)
    n = n.astype(_jnp.result_type(n.dtype, p.dtype) if _jnp.issubdtype(n.dtype, _jnp.floating)
                 else p.dtype)
    if shape is None:
        shape = tuple(p.shape)
    shape = tuple(shape)
    n = _jnp.broadcast_to(n, shape[:-1])
    p = _jnp.broadcast_to(p, shape)

    def f(remainder, ratio_key):
        ratio, k = ratio_key
        count = binomial(k, remainder, _jnp.clip(ratio, 0, 1), dtype=remainder.dtype)
        return remainder - count, count

    p = _jnp.moveaxis(p, -1, 0)
    remaining = _lax.cumsum(p, 0, reverse=True)
    ratios = p / _jnp.where(remaining == 0, 1, remaining)
    keys = _split(_key_data(key), ratios.shape[0])
    _, counts = _lax.scan(f, n, (ratios, keys))
    return _jnp.moveaxis(counts, 0, -1).astype(dt)


def lognormal(key, sigma=1.0, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('lognormal', shape, sigma)
    sigma = _jnp.asarray(sigma).astype(dt)
    return _jnp.exp(_normal(key, shape, dt) * sigma)


def t(key, df, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('t', shape, df)
    df = _jnp.asarray(df).astype(dt)
    key_n, key_g = _split(_key_data(key))
    n = _normal(key_n, shape, dt)
    half_df = df / _jnp.asarray(2, dt)
    g = gamma(key_g, half_df, shape, dt)
    return n * _jnp.sqrt(half_df / g)


def chisquare(key, df, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('chisquare', shape, df)
    df = _jnp.asarray(df).astype(dt)
    two = _jnp.asarray(2, dt)
    log_g = loggamma(key, df / two, shape, dt)
    return _jnp.exp(log_g) * two


def f(key, dfnum, dfden, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('f', shape, dfnum, dfden)
    dfden = _jnp.asarray(dfden).astype(dt)
    dfnum = _jnp.asarray(dfnum).astype(dt)
    key_dfd, key_dfn = _split(_key_data(key))
    chi2_dfn = chisquare(key_dfn, dfnum, shape, dt)
    chi2_dfd = chisquare(key_dfd, dfden, shape, dt)
    return (chi2_dfn / dfnum) / (chi2_dfd / dfden)


def pareto(key, b, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('pareto', shape, b)
    b = _jnp.asarray(b).astype(dt)
    return _jnp.exp(_exponential(key, shape, dt) / b)


def weibull_min(key, scale, concentration, shape=(), dtype=None):
    dt = _flo(dtype)
    u = _uniform(key, tuple(shape), dt, 0, 1)
    return _jnp.power(-_jnp.log1p(-u), 1.0 / concentration) * scale


def rayleigh(key, scale, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('rayleigh', shape, scale)
    u = _uniform(key, shape, dt)
    scale = _jnp.broadcast_to(_jnp.asarray(scale).astype(dt), shape)
    return scale * _jnp.sqrt(_jnp.log(u) * _jnp.asarray(-2, dt))


def wald(key, mean, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('wald', shape, mean)
    k1, k2 = _split(_key_data(key), 2)
    mean = _jnp.broadcast_to(_jnp.asarray(mean).astype(dt), shape)
    v = _normal(k1, shape, dt)
    z = _uniform(k2, shape, dt)
    y = v * v
    y_sq = y * y
    mean_sq = mean * mean
    sqrt_term = _jnp.sqrt(4 * mean * y + mean_sq * y_sq)
    x = mean + mean_sq * y / 2 - mean / 2 * sqrt_term
    return _jnp.where(z <= mean / (mean + x), x, mean_sq / x)


def geometric(key, p, shape=None, dtype=None):
    dt = _int_dtype(dtype, 'geometric')
    shape = _broadcast_shape('geometric', shape, p)
    p = _jnp.asarray(p)
    if not _jnp.issubdtype(p.dtype, _jnp.floating):
        p = p.astype(_jnp.float32)
    u = _uniform(key, shape, p.dtype)
    u = _jnp.where(u == 0, 1, u)
    log_u = _jnp.log(u)
    l1mp = _jnp.broadcast_to(_jnp.log1p(-p), shape)
    return (_jnp.floor(log_u / l1mp) + 1).astype(dt)


def triangular(key, left, mode, right, shape=None, dtype=None):
    dt = _flo(dtype)
    shape = _broadcast_shape('triangular', shape, left, mode, right)
    left = _jnp.broadcast_to(_jnp.asarray(left).astype(dt), shape)
    right = _jnp.broadcast_to(_jnp.asarray(right).astype(dt), shape)
    mode = _jnp.broadcast_to(_jnp.asarray(mode).astype(dt), shape)
    fc = (mode - left) / (right - left)
    u = _uniform(key, shape, dt)
    out1 = left + _jnp.sqrt(u * (right - left) * (mode - left))
    out2 = right - _jnp.sqrt((1 - u) * (right - left) * (right - mode))
    return _jnp.where(u < fc, out1, out2)


def maxwell(key, shape=(), dtype=None):
    dt = _flo(dtype)
    x = _normal(key, tuple(shape) + (3,), dt)
    return _jnp.linalg.norm(x, axis=-1)


def double_sided_maxwell(key, loc, scale, shape=(), dtype=None):
    dt = _flo(dtype)
    params = tuple(_shape_of(loc, scale))
    shape = tuple(shape)
    if not shape:
        shape = params
    shape = shape + params
    mk, rk = _split(_key_data(key))
    m = maxwell(mk, shape, dt)
    sign = rademacher(rk, shape, dt)
    return sign * m * scale + loc


def multivariate_normal(key, mean, cov, shape=None, dtype=None, method='cholesky'):
    mean = _jnp.asarray(mean)
    cov = _jnp.asarray(cov)
    if not _jnp.issubdtype(mean.dtype, _jnp.floating):
        mean = mean.astype(_jnp.float32)
    dt0 = _jnp.result_type(mean.dtype, cov.dtype) if _jnp.issubdtype(cov.dtype, _jnp.floating) \
        else mean.dtype
    mean = mean.astype(dt0)
    cov = cov.astype(dt0)
    if method not in ('svd', 'eigh', 'cholesky'):
        raise ValueError("method must be one of {'svd', 'eigh', 'cholesky'}")
    dt = mean.dtype if dtype is None else _flo(dtype)
    if mean.ndim < 1:
        raise ValueError('multivariate_normal requires mean.ndim >= 1, got mean.ndim == ' +
                         str(mean.ndim))
    if cov.ndim < 2:
        raise ValueError('multivariate_normal requires cov.ndim >= 2, got cov.ndim == ' +
                         str(cov.ndim))
    n = mean.shape[-1]
    if tuple(cov.shape[-2:]) != (n, n):
        raise ValueError('multivariate_normal requires cov.shape == (..., n, n) for n=' + str(n) +
                         ', but got cov.shape == ' + str(tuple(cov.shape)) + '.')
    if shape is None:
        shape = tuple(_jnp.broadcast_shapes(mean.shape[:-1], cov.shape[:-2]))
    else:
        shape = tuple(shape)
        _check_shape('normal', shape, mean.shape[:-1], cov.shape[:-2])
    if method == 'svd':
        u, s, _ = _jnp.linalg.svd(cov)
        factor = u * _jnp.sqrt(s[..., None, :])
    elif method == 'eigh':
        w, v = _jnp.linalg.eigh(cov)
        factor = v * _jnp.sqrt(w[..., None, :])
    else:
        factor = _jnp.linalg.cholesky(cov)
    z = _normal(key, shape + (n,), dt)
    return mean + _jnp.einsum('...ij,...j->...i', factor, z)


def orthogonal(key, n, shape=(), dtype=None, m=None):
    dt = _flo(dtype)
    _m = n if m is None else m
    shape = tuple(shape)
    z = _normal(key, shape + (max(n, _m), min(n, _m)), dt)
    q, r = _jnp.linalg.qr(z)
    d = _jnp.diagonal(r, axis1=-2, axis2=-1)
    x = q * _jnp.expand_dims(_jnp.sign(d), -2)
    return _jnp.swapaxes(x, -1, -2) if n < _m else x


def generalized_normal(key, p, shape=(), dtype=None):
    dt = _flo(dtype)
    shape = tuple(shape)
    k0, k1 = _split(_key_data(key))
    g = gamma(k0, 1 / p, shape, dt)
    r = rademacher(k1, shape, dt)
    return r * g ** (1 / p)


def ball(key, d, p=2, shape=(), dtype=None):
    dt = _flo(dtype)
    shape = tuple(shape)
    k1, k2 = _split(_key_data(key))
    g = generalized_normal(k1, p, shape + (d,), dt)
    e = _exponential(k2, shape, dt)
    return g / (((_jnp.abs(g) ** p).sum(-1) + e) ** (1 / p))[..., None]


def key_dtype(impl=None):
    return _KEY_DTYPE


# out_sharding= on the samplers written here (the C++ ones take it in
# lib/sharding/Install.cpp): the draw is the unsharded one (so the values
# are bit-identical), put onto the sharding JAX's keyword names.
def _takes_out_sharding(fn):
    def sampler(*args, out_sharding=None, **kwargs):
        r = fn(*args, **kwargs)
        if out_sharding is None:
            return r
        import jax.sharding as _sharding
        s = _sharding._creation_sharding(out_sharding, None)
        if s is not None and hasattr(r, 'ndim') and len(s.spec) < r.ndim:
            # A sampler's result names every dim, as JAX's: P('x', None).
            spec = tuple(s.spec) + (None,) * (r.ndim - len(s.spec))
            s = _sharding.NamedSharding(s.mesh, _sharding.PartitionSpec(*spec))
        return _sharding._out_sharding(r, s if s is not None else out_sharding)
    sampler.__name__ = fn.__name__
    sampler.__qualname__ = fn.__qualname__
    sampler.__doc__ = fn.__doc__
    return sampler


categorical = _takes_out_sharding(categorical)
laplace = _takes_out_sharding(laplace)
logistic = _takes_out_sharding(logistic)
cauchy = _takes_out_sharding(cauchy)
rademacher = _takes_out_sharding(rademacher)
gamma = _takes_out_sharding(gamma)
loggamma = _takes_out_sharding(loggamma)
beta = _takes_out_sharding(beta)
dirichlet = _takes_out_sharding(dirichlet)
poisson = _takes_out_sharding(poisson)
lognormal = _takes_out_sharding(lognormal)
t = _takes_out_sharding(t)
chisquare = _takes_out_sharding(chisquare)
f = _takes_out_sharding(f)
pareto = _takes_out_sharding(pareto)
rayleigh = _takes_out_sharding(rayleigh)
wald = _takes_out_sharding(wald)
geometric = _takes_out_sharding(geometric)
triangular = _takes_out_sharding(triangular)
maxwell = _takes_out_sharding(maxwell)
multivariate_normal = _takes_out_sharding(multivariate_normal)
orthogonal = _takes_out_sharding(orthogonal)
generalized_normal = _takes_out_sharding(generalized_normal)
ball = _takes_out_sharding(ball)
