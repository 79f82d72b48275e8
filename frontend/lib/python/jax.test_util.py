# jax.test_util: numerical gradient checks. check_grads compares forward
# mode (jvp) with a central finite difference along a random direction, and
# reverse mode (vjp) with it through the identity <vjp(ct), t> = <ct, jvp(t)>,
# recursively for higher orders (the jvp / vjp functions are themselves
# checked). A mismatch raises AssertionError; success returns None.
import jax
import jax.numpy as _jnp
from jax.tree_util import tree_flatten, tree_map, tree_structure, tree_unflatten

EPS = 1e-4

# Gradient tolerances by dtype (atol and rtol alike), as JAX uses them.
_GRAD_TOL = {'float16': 1e-1, 'bfloat16': 1e-1, 'float32': 2e-3, 'float64': 1e-5}


def _inexact(dtype):
    return _jnp.dtype(dtype).name in ('float16', 'bfloat16', 'float32', 'float64', 'complex64',
                                      'complex128')


def _tol(dtype, given):
    if given is not None:
        return given
    return _GRAD_TOL.get(_jnp.dtype(dtype).name, 1e-5)


class _Directions:
    """Deterministic pseudo-random directions (seeded, as JAX's RandomState(0))."""

    def __init__(self):
        self.key = jax.random.PRNGKey(0)

    def like(self, tree):
        leaves, treedef = tree_flatten(tree)
        out = []
        for x in leaves:
            x = _jnp.asarray(x)
            self.key, sub = jax.random.split(self.key)
            if _inexact(x.dtype):
                out.append(jax.random.normal(sub, x.shape, x.dtype))
            else:
                out.append(_jnp.zeros(x.shape, x.dtype))
        return tree_unflatten(treedef, out)


def _add(a, b):
    return tree_map(lambda x, y: _jnp.asarray(x) + _jnp.asarray(y).astype(_jnp.asarray(x).dtype), a, b)


def _sub(a, b):
    return tree_map(lambda x, y: _jnp.asarray(x) - _jnp.asarray(y).astype(_jnp.asarray(x).dtype), a, b)


def _scale(a, s):
    return tree_map(lambda x: _jnp.asarray(x) * _jnp.asarray(s, _jnp.asarray(x).dtype), a)


def _inner(a, b):
    la, _ = tree_flatten(a)
    lb, _ = tree_flatten(b)
    total = 0.0
    for x, y in zip(la, lb):
        x, y = _jnp.asarray(x), _jnp.asarray(y)
        if _inexact(x.dtype) and _inexact(y.dtype):
            total = total + _jnp.sum(x * y.astype(x.dtype))
    return total


def check_close(xs, ys, atol=None, rtol=None, err_msg=''):
    """AssertionError unless every leaf of xs is within atol + rtol * |y| of ys
    (both scaled by the leaf's size)."""
    lx, tx = tree_flatten(xs)
    ly, ty = tree_flatten(ys)
    if tx != ty:
        raise AssertionError('tree structures differ: ' + str(tx) + ' vs ' + str(ty) + ' ' + err_msg)
    for x, y in zip(lx, ly):
        x, y = _jnp.asarray(x), _jnp.asarray(y)
        if x.shape != y.shape:
            raise AssertionError('shapes differ: ' + str(x.shape) + ' vs ' + str(y.shape) + ' ' + err_msg)
        if not _inexact(x.dtype):
            if not bool(_jnp.all(x == y)):
                raise AssertionError('values differ ' + err_msg)
            continue
        # The tolerances grow with the leaf's size (as JAX's check_close).
        a = _tol(x.dtype, atol) * max(x.size, 1)
        r = _tol(x.dtype, rtol) * max(y.size, 1)
        xf, yf = x.astype(_jnp.float64 if x.dtype == _jnp.float64 else _jnp.float32), y.astype(_jnp.float64 if x.dtype == _jnp.float64 else _jnp.float32)
        bad = _jnp.abs(xf - yf) > a + r * _jnp.abs(yf)
        both_nan = _jnp.isnan(xf) & _jnp.isnan(yf)
        if bool(_jnp.any(bad & ~both_nan)):
            worst = float(_jnp.max(_jnp.abs(xf - yf)))
            raise AssertionError('\nNot equal to tolerance rtol=' + str(r) + ', atol=' + str(a) + '\n' +
                                 err_msg + '\nMax absolute difference: ' + str(worst) +
                                 '\n x: ' + str(x) + '\n y: ' + str(y))


def numerical_jvp(f, primals, tangents, eps=EPS):
    """(f(x + eps t) - f(x - eps t)) / (2 eps), over pytrees."""
    delta = _scale(tangents, eps)
    f_pos = f(*_add(primals, delta))
    f_neg = f(*_sub(primals, delta))
    return _scale(_sub(f_pos, f_neg), 0.5 / eps)


def check_jvp(f, f_jvp, args, atol=None, rtol=None, eps=EPS, err_msg='', _dirs=None):
    dirs = _dirs or _Directions()
    tangent = dirs.like(args)
    v_out, t_out = f_jvp(args, tangent)
    check_close(v_out, f(*args), atol, rtol, err_msg + ' primal')
    t_expected = numerical_jvp(f, args, tangent, eps)
    check_close(t_out, t_expected, atol, rtol, err_msg + ' tangent')


def check_vjp(f, f_vjp, args, atol=None, rtol=None, eps=EPS, err_msg='', _dirs=None):
    dirs = _dirs or _Directions()
    v_out, vjpfun = f_vjp(*args)
    check_close(v_out, f(*args), atol, rtol, err_msg + ' primal')
    tangent = dirs.like(args)
    tangent_out = numerical_jvp(f, args, tangent, eps)
    cotangent = dirs.like(v_out)
    cotangent_out = vjpfun(cotangent)
    ip = _inner(tangent, cotangent_out)
    ip_expected = _inner(tangent_out, cotangent)
    check_close(ip, ip_expected, atol, rtol, err_msg + ' cotangent projection')


def check_grads(f, args, order, modes=('fwd', 'rev'), atol=None, rtol=None, eps=None):
    """Checks f's derivatives up to `order` against finite differences."""
    args = tuple(args)
    eps = eps or EPS
    for m in modes:
        if m not in ('fwd', 'rev'):
            raise ValueError('check_grads: unknown mode ' + repr(m) + "; use 'fwd' and/or 'rev'")
    dirs = _Directions()

    def rec(fun, fargs, k, msg):
        if 'fwd' in modes:
            fmsg = msg + ' JVP of order ' + str(k)
            check_jvp(fun, lambda p, t: jax.jvp(fun, p, t), fargs, atol, rtol, eps, fmsg, dirs)
            if k > 1:
                rec(lambda p, t: jax.jvp(fun, p, t), (fargs, fargs), k - 1, fmsg)
        if 'rev' in modes:
            rmsg = msg + ' VJP of order ' + str(k)
            check_vjp(fun, lambda *p: jax.vjp(fun, *p), fargs, atol, rtol, eps, rmsg, dirs)
            if k > 1:
                def pullback(*p):
                    out, back = jax.vjp(fun, *p)
                    return back(out)
                rec(pullback, fargs, k - 1, rmsg)

    rec(f, args, order, '')
