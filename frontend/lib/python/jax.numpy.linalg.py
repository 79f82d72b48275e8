# The Python half of jax.numpy.linalg: small dense factorisations written as
# static loops over the matrix size (norm is C++, JnpLinalg.cpp). They round
# differently from LAPACK, within float32 accuracy for well-conditioned input.
from typing import NamedTuple
import jax.numpy as _jnp


class SlogdetResult(NamedTuple):
    sign: object
    logabsdet: object


def _square(a, fn):
    a = _jnp.asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(fn + ': argument must be a square matrix or batch of square '
                         'matrices, got shape ' + str(a.shape))
    if not _jnp.issubdtype(a.dtype, _jnp.floating):
        a = a.astype(_jnp.float32)
    return a


def cholesky(a, *, upper=False, symmetrize_input=True):
    a = _square(a, 'cholesky')
    if symmetrize_input:
        a = (a + _jnp.swapaxes(a, -1, -2)) / 2
    n = a.shape[-1]
    L = _jnp.zeros_like(a)
    for j in range(n):
        row = L[..., j, :j]
        d = _jnp.sqrt(a[..., j, j] - _jnp.sum(row * row, axis=-1))
        L = L.at[..., j, j].set(d)
        if j + 1 < n:
            below = (a[..., j + 1:, j] - _jnp.sum(L[..., j + 1:, :j] * row[..., None, :], axis=-1))
            L = L.at[..., j + 1:, j].set(below / d[..., None])
    return _jnp.swapaxes(L, -1, -2) if upper else L


def _lu(a):
    """Partial-pivoting elimination of a 2-D matrix: (U, row order, sign)."""
    n = a.shape[-1]
    rows = _jnp.arange(n)
    perm = rows
    sign = _jnp.array(1.0, a.dtype)
    for k in range(n):
        p = _jnp.argmax(_jnp.where(rows >= k, _jnp.abs(a[:, k]), -1.0))
        swap = _jnp.where(rows == k, p, _jnp.where(rows == p, k, rows))
        a = a[swap]
        perm = perm[swap]
        sign = _jnp.where(p != k, -sign, sign)
        if k + 1 < n:
            factors = a[k + 1:, k] / a[k, k]
            a = a.at[k + 1:, k:].add(-factors[:, None] * a[k, k:][None, :])
    return a, perm, sign


def det(a):
    a = _square(a, 'det')
    if a.ndim > 2:
        return _jnp.stack([det(m) for m in a.reshape((-1,) + a.shape[-2:])]).reshape(a.shape[:-2])
    u, _, sign = _lu(a)
    return sign * _jnp.prod(_jnp.diagonal(u))


def slogdet(a):
    a = _square(a, 'slogdet')
    u, _, sign = _lu(a)
    d = _jnp.diagonal(u)
    return SlogdetResult(sign * _jnp.prod(_jnp.sign(d)), _jnp.sum(_jnp.log(_jnp.abs(d))))


def solve(a, b):
    a = _square(a, 'solve')
    b = _jnp.asarray(b).astype(a.dtype)
    if a.ndim != 2:
        raise NotImplementedError('jnp.linalg.solve of batched matrices is not implemented in '
                                  'parax')
    vec = b.ndim == 1
    m = b[:, None] if vec else b
    n = a.shape[0]
    aug = _jnp.concatenate([a, m], axis=1)
    rows = _jnp.arange(n)
    for k in range(n):
        p = _jnp.argmax(_jnp.where(rows >= k, _jnp.abs(aug[:, k]), -1.0))
        swap = _jnp.where(rows == k, p, _jnp.where(rows == p, k, rows))
        aug = aug[swap]
        if k + 1 < n:
            factors = aug[k + 1:, k] / aug[k, k]
            aug = aug.at[k + 1:, k:].add(-factors[:, None] * aug[k, k:][None, :])
    x = _jnp.zeros((n, m.shape[1]), a.dtype)
    for k in range(n - 1, -1, -1):
        rhs = aug[k, n:] - _jnp.sum(aug[k, k + 1:n][:, None] * x[k + 1:], axis=0)
        x = x.at[k].set(rhs / aug[k, k])
    return x[:, 0] if vec else x


def inv(a):
    a = _square(a, 'inv')
    return solve(a, _jnp.eye(a.shape[-1], dtype=a.dtype))


def matrix_power(a, n):
    a = _square(a, 'matrix_power')
    if n < 0:
        a = inv(a)
        n = -n
    result = _jnp.broadcast_to(_jnp.eye(a.shape[-1], dtype=a.dtype), a.shape)
    base = a
    while n > 0:
        if n % 2 == 1:
            result = _jnp.matmul(result, base)
        base = _jnp.matmul(base, base)
        n //= 2
    return result


def vector_norm(x, *, axis=None, keepdims=False, ord=2):
    x = _jnp.asarray(x)
    if axis is None:
        r = _jnp.linalg.norm(x.reshape(-1), ord=ord)
        return r.reshape((1,) * x.ndim) if keepdims else r
    return _jnp.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)


def matrix_norm(x, *, keepdims=False, ord='fro'):
    x = _jnp.asarray(x)
    if ord in (1, -1, _jnp.inf, -_jnp.inf):
        # Largest (smallest) absolute column sum for 1 (-1), row sum for inf.
        sums = _jnp.sum(_jnp.abs(x), axis=-2 if ord in (1, -1) else -1)
        r = _jnp.max(sums, axis=-1) if ord in (1, _jnp.inf) else _jnp.min(sums, axis=-1)
        return r[..., None, None] if keepdims else r
    if ord in ('fro', None):
        return _jnp.linalg.norm(x, axis=(-2, -1), keepdims=keepdims)
    raise NotImplementedError('jnp.linalg.matrix_norm with ord=' + repr(ord) +
                              ' is not implemented in parax (it needs singular values)')
