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


def _det_2x2(a):
    return a[..., 0, 0] * a[..., 1, 1] - a[..., 0, 1] * a[..., 1, 0]


def _det_3x3(a):
    return (a[..., 0, 0] * a[..., 1, 1] * a[..., 2, 2] +
            a[..., 0, 1] * a[..., 1, 2] * a[..., 2, 0] +
            a[..., 0, 2] * a[..., 1, 0] * a[..., 2, 1] -
            a[..., 0, 2] * a[..., 1, 1] * a[..., 2, 0] -
            a[..., 0, 0] * a[..., 1, 2] * a[..., 2, 1] -
            a[..., 0, 1] * a[..., 1, 0] * a[..., 2, 2])


def det(a):
    a = _square(a, 'det')
    # JAX writes out 2 x 2 and 3 x 3 determinants (exact for small integers,
    # where elimination rounds: det([[1, 2], [3, 4]]) is -2.0, not -1.9999999).
    if a.shape[-1] == 2:
        return _det_2x2(a)
    if a.shape[-1] == 3:
        return _det_3x3(a)
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
        # A batch: solve each matrix (b is a batch of vectors when it has
        # one axis fewer than a, as in JAX).
        import jax as _jax
        if b.ndim == a.ndim - 1:
            return _jax.vmap(solve)(a, _jnp.broadcast_to(b, a.shape[:-1]))
        return _jax.vmap(solve)(a, _jnp.broadcast_to(b, a.shape[:-2] + b.shape[-2:]))
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


# ---------------------------------------------------------------------------
# Orthogonal factorisations. QR is Householder with LAPACK's (geqrf's) sign
# convention, so Q and R match numpy/JAX; eigh is cyclic Jacobi and svd
# one-sided Jacobi: eigenvalues and singular values agree with LAPACK to
# float32 accuracy, but eigen/singular vectors may differ from LAPACK's by a
# sign per vector.


from _parax_lazy import jax as _jax, lax as _lax, tree_util as _tu
import math as _math


def _norm(x, ord=None, axis=None, keepdims=False):
    # norm is the C++ half of this module (importing it here would reload
    # the module while it loads).
    return _jnp.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)


class QRResult(NamedTuple):
    Q: object
    R: object


class EighResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class SVDResult(NamedTuple):
    U: object
    S: object
    Vh: object


def _float(a):
    a = _jnp.asarray(a)
    if not _jnp.issubdtype(a.dtype, _jnp.floating):
        a = a.astype(_jnp.float32)
    return a


def _batched(fn, a, core):
    # Apply fn (written for one matrix) to every matrix of a batch.
    f = fn
    for _ in range(a.ndim - core):
        f = _jax.vmap(f)
    return f(a)


def _householder_qr(a):
    m, n = a.shape
    k = min(m, n)
    r = a
    vs = []
    taus = []
    rows = _jnp.arange(m)
    for j in range(k):
        x = r[:, j]
        below = rows > j
        alpha = x[j]
        sigma = _jnp.sum(_jnp.where(below, x * x, 0))
        xnorm = _jnp.sqrt(alpha * alpha + sigma)
        nonzero = sigma != 0
        beta = _jnp.where(alpha >= 0, -xnorm, xnorm)
        beta = _jnp.where(nonzero, beta, alpha)
        denom = _jnp.where(nonzero, alpha - beta, 1)
        v = _jnp.where(below, x / denom, _jnp.where(rows == j, 1, 0)).astype(a.dtype)
        tau = _jnp.where(nonzero, (beta - alpha) / _jnp.where(nonzero, beta, 1), 0)
        # r <- (I - tau v v^T) r
        w = v @ r
        r = r - tau * _jnp.outer(v, w)
        r = r.at[:, j].set(_jnp.where(below, 0, _jnp.where(rows == j, beta, r[:, j])))
        vs.append(v)
        taus.append(tau)
    return r, vs, taus


def _qr_one(a, mode):
    m, n = a.shape
    k = min(m, n)
    r, vs, taus = _householder_qr(a)
    if mode == 'r':
        return _jnp.triu(r[:k] if m > n else r)
    cols = m if mode == 'complete' else k
    q = _jnp.eye(m, cols, dtype=a.dtype)
    for j in range(k - 1, -1, -1):
        v = vs[j]
        q = q - taus[j] * _jnp.outer(v, v @ q)
    rr = r if mode == 'complete' else r[:k]
    return q, _jnp.triu(rr)


def qr(a, mode='reduced'):
    a = _float(a)
    if a.ndim < 2:
        raise ValueError('qr requires ndim >= 2')
    if mode not in ('reduced', 'complete', 'r', 'raw'):
        raise ValueError('Unsupported QR decomposition mode ' + repr(mode))
    if mode == 'raw':
        raise NotImplementedError("jnp.linalg.qr(mode='raw') is not implemented in parax")
    if mode == 'r':
        return _batched(lambda x: _qr_one(x, 'r'), a, 2)
    q, r = _batched(lambda x: _qr_one(x, mode), a, 2)
    return QRResult(q, r)


def _jacobi_eigh(a, sweeps):
    n = a.shape[0]
    v = _jnp.eye(n, dtype=a.dtype)
    idx = _jnp.arange(n)

    def sweep(_, av):
        a, v = av
        for p in range(n - 1):
            for q in range(p + 1, n):
                apq = a[p, q]
                app = a[p, p]
                aqq = a[q, q]
                small = _jnp.abs(apq) <= 1e-30
                theta = (aqq - app) / (2 * _jnp.where(small, 1, apq))
                t = _jnp.sign(theta) / (_jnp.abs(theta) + _jnp.sqrt(theta * theta + 1))
                t = _jnp.where(theta == 0, 1, t)
                t = _jnp.where(small, 0, t)
                c = 1 / _jnp.sqrt(t * t + 1)
                s = t * c
                ap = a[p]
                aq = a[q]
                a = a.at[p].set(c * ap - s * aq).at[q].set(s * ap + c * aq)
                ap = a[:, p]
                aq = a[:, q]
                a = a.at[:, p].set(c * ap - s * aq).at[:, q].set(s * ap + c * aq)
                vp = v[:, p]
                vq = v[:, q]
                v = v.at[:, p].set(c * vp - s * vq).at[:, q].set(s * vp + c * vq)
        return a, v

    a, v = _lax.fori_loop(0, sweeps, sweep, (a, v))
    w = _jnp.diagonal(a)
    order = _jnp.argsort(w)
    return w[order], v[:, order]


def _sweeps(a):
    return 12 if a.dtype == _jnp.float32 else 20


def eigh(a, UPLO=None, symmetrize_input=True):
    a = _square(a, 'eigh')
    lower = UPLO is None or UPLO == 'L'
    if symmetrize_input:
        a = (a + _jnp.swapaxes(a, -1, -2)) / 2
    else:
        tri = _jnp.tril(a) if lower else _jnp.triu(a)
        a = tri + _jnp.swapaxes(tri, -1, -2) - _jnp.eye(a.shape[-1], dtype=a.dtype) * a
    w, v = _eigh_symmetric(a)
    return EighResult(w, v)


def _eigh_impl(a):
    n = _sweeps(a)
    return _batched(lambda x: _jacobi_eigh(x, n), a, 2)


def _eigh_jvp_rule(primals, tangents):
    # The derivative of a symmetric eigendecomposition (distinct eigenvalues):
    # dw = diag(V^T dA V), dV = V (F * V^T dA V) with F_ij = 1 / (w_j - w_i).
    a, = primals
    da, = tangents
    w, v = _eigh_impl(a)
    vt = _jnp.swapaxes(v, -1, -2)
    m = _jnp.matmul(_jnp.matmul(vt, da), v)
    dw = _jnp.diagonal(m, axis1=-2, axis2=-1)
    gap = w[..., None, :] - w[..., :, None]
    eye = _jnp.eye(a.shape[-1], dtype=bool)
    f = _jnp.where(eye, 0, 1 / _jnp.where(eye, 1, gap))
    dv = _jnp.matmul(v, f * m)
    return (w, v), (dw, dv)


_EIGH = {}


def _eigh_symmetric(a):
    f = _EIGH.get('f')
    if f is None:
        f = _jax.custom_jvp(_eigh_impl)
        f.defjvp(_eigh_jvp_rule)
        _EIGH['f'] = f
    return f(a)


def eigvalsh(a, UPLO='L', *, symmetrize_input=True):
    return eigh(a, UPLO, symmetrize_input).eigenvalues


def _jacobi_svd(a, sweeps):
    # One-sided (Hestenes) Jacobi on the columns of a (m >= n).
    m, n = a.shape
    v = _jnp.eye(n, dtype=a.dtype)

    def sweep(_, av):
        a, v = av
        for p in range(n - 1):
            for q in range(p + 1, n):
                ap = a[:, p]
                aq = a[:, q]
                alpha = _jnp.sum(ap * ap)
                beta = _jnp.sum(aq * aq)
                gamma = _jnp.sum(ap * aq)
                small = _jnp.abs(gamma) <= 1e-30
                zeta = (beta - alpha) / (2 * _jnp.where(small, 1, gamma))
                t = _jnp.sign(zeta) / (_jnp.abs(zeta) + _jnp.sqrt(1 + zeta * zeta))
                t = _jnp.where(zeta == 0, 1, t)
                t = _jnp.where(small, 0, t)
                c = 1 / _jnp.sqrt(1 + t * t)
                s = c * t
                a = a.at[:, p].set(c * ap - s * aq).at[:, q].set(s * ap + c * aq)
                vp = v[:, p]
                vq = v[:, q]
                v = v.at[:, p].set(c * vp - s * vq).at[:, q].set(s * vp + c * vq)
        return a, v

    a, v = _lax.fori_loop(0, sweeps, sweep, (a, v))
    s = _jnp.sqrt(_jnp.sum(a * a, axis=0))
    order = _jnp.argsort(-s)
    s = s[order]
    a = a[:, order]
    v = v[:, order]
    u = a / _jnp.where(s == 0, 1, s)[None, :]
    return u, s, v


def _complete_basis(u):
    # Extend the orthonormal columns of u (m x k) to an m x m orthogonal matrix.
    m, k = u.shape
    if k == m:
        return u
    q, _ = _qr_one(_jnp.concatenate([u, _jnp.eye(m, dtype=u.dtype)], axis=1), 'reduced')
    return _jnp.concatenate([u, q[:, k:m]], axis=1)


def _svd_one(a, full_matrices, compute_uv):
    m, n = a.shape
    wide = m < n
    x = a.T if wide else a
    u, s, v = _jacobi_svd(x, _sweeps(a))
    if not compute_uv:
        return s
    if full_matrices:
        u = _complete_basis(u)
    if wide:
        u, v = v, u
    return u, s, v.T


def svd(a, full_matrices=True, compute_uv=True, hermitian=False, subset_by_index=None):
    a = _float(a)
    if a.ndim < 2:
        raise ValueError('svd requires ndim >= 2')
    if not compute_uv:
        return _batched(lambda x: _svd_one(x, False, False), a, 2)
    u, s, vh = _batched(lambda x: _svd_one(x, full_matrices, True), a, 2)
    return SVDResult(u, s, vh)


def svdvals(x):
    return svd(x, compute_uv=False)


def matrix_rank(M, rtol=None, *, tol=None):
    M = _float(M)
    if M.ndim < 2:
        return (_jnp.any(M != 0)).astype(_jnp.int32)
    s = svd(M, compute_uv=False)
    if tol is None and rtol is None:
        rtol = max(M.shape[-2:]) * _jnp.finfo(M.dtype).eps
    if tol is None:
        tol = s[..., 0] * _jnp.asarray(rtol)
    tol = _jnp.expand_dims(_jnp.asarray(tol), -1)
    return _jnp.sum(s > tol, axis=-1)


def pinv(a, rtol=None, hermitian=False, *, rcond=None):
    a = _float(a)
    m, n = a.shape[-2:]
    if rtol is None:
        rtol = rcond
    if rtol is None:
        rtol = max(m, n) * float(_jnp.finfo(a.dtype).eps)
    u, s, vh = svd(a, full_matrices=False)
    cutoff = _jnp.asarray(rtol)[..., None] * s[..., 0:1]
    sinv = _jnp.where(s > cutoff, 1 / _jnp.where(s > cutoff, s, 1), 0)
    return _jnp.matmul(_jnp.swapaxes(vh, -1, -2) * sinv[..., None, :], _jnp.swapaxes(u, -1, -2))


def lstsq(a, b, rcond=None, *, numpy_resid=False):
    a = _float(a)
    b = _jnp.asarray(b).astype(a.dtype)
    m, n = a.shape
    vec = b.ndim == 1
    bb = b[:, None] if vec else b
    if rcond is None:
        rcond = float(_jnp.finfo(a.dtype).eps) * max(m, n)
    u, s, vh = svd(a, full_matrices=False)
    mask = s >= _jnp.asarray(rcond, s.dtype) * s[0]
    rank = mask.sum()
    safe_s = _jnp.where(mask, s, 1)
    s_inv = _jnp.where(mask, 1 / safe_s, 0)[:, None]
    uTb = _jnp.matmul(u.T, bb)
    x = _jnp.matmul(vh.T, s_inv * uTb)
    b_est = _jnp.matmul(a, x)
    resid = _jnp.sum((bb - b_est) ** 2, axis=0)
    if numpy_resid:
        resid = resid if (m > n and int(rank) == n) else _jnp.zeros(0, a.dtype)
    if vec:
        x = x[:, 0]
    return x, resid, rank, s


def cond(x, p=None):
    x = _float(x)
    if p is None or p == 2:
        s = svd(x, compute_uv=False)
        return s[..., 0] / s[..., -1]
    if p == -2:
        s = svd(x, compute_uv=False)
        return s[..., -1] / s[..., 0]
    r = _norm(x, ord=p, axis=(-2, -1)) * _norm(inv(x), ord=p, axis=(-2, -1))
    return _jnp.where(_jnp.isnan(r), _jnp.inf, r)


def multi_dot(arrays, *, precision=None):
    arrays = [_jnp.asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError('multi_dot requires at least two arrays')
    out = arrays[0]
    for a in arrays[1:]:
        out = _jnp.dot(out, a)
    return out


def tensorinv(a, ind=2):
    a = _jnp.asarray(a)
    old = a.shape
    rows = 1
    for d in old[:ind]:
        rows *= d
    return inv(a.reshape((rows, -1))).reshape(old[ind:] + old[:ind])


def tensorsolve(a, b, axes=None):
    a = _jnp.asarray(a)
    b = _jnp.asarray(b)
    if axes is not None:
        allaxes = list(range(a.ndim))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(a.ndim, k)
        a = a.transpose(allaxes)
    out_shape = a.shape[b.ndim:]
    n = 1
    for d in out_shape:
        n *= d
    return solve(a.reshape((-1, n)), b.reshape(-1)).reshape(out_shape)


def matrix_norm(x, *, keepdims=False, ord='fro'):
    x = _jnp.asarray(x)
    if ord in (1, -1, _jnp.inf, -_jnp.inf):
        # Largest (smallest) absolute column sum for 1 (-1), row sum for inf.
        sums = _jnp.sum(_jnp.abs(x), axis=-2 if ord in (1, -1) else -1)
        r = _jnp.max(sums, axis=-1) if ord in (1, _jnp.inf) else _jnp.min(sums, axis=-1)
        return r[..., None, None] if keepdims else r
    if ord in (2, -2, 'nuc'):
        s = svd(x, compute_uv=False)
        r = _jnp.max(s, axis=-1) if ord == 2 else _jnp.min(s, axis=-1) if ord == -2 else _jnp.sum(s, axis=-1)
        return r[..., None, None] if keepdims else r
    return _norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def vector_norm(x, *, axis=None, keepdims=False, ord=2):
    x = _jnp.asarray(x)
    if axis is None:
        r = _norm(x.reshape(-1), ord=ord)
        return r.reshape((1,) * x.ndim) if keepdims else r
    return _norm(x, ord=ord, axis=axis, keepdims=keepdims)


def matrix_transpose(x):
    return _jnp.matrix_transpose(x)


def matmul(x1, x2, *, precision=None, preferred_element_type=None):
    return _jnp.matmul(x1, x2)


def outer(x1, x2):
    x1, x2 = _jnp.asarray(x1), _jnp.asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError('Input arrays must be one-dimensional, but they are x1.ndim=' +
                         str(x1.ndim) + ' and x2.ndim=' + str(x2.ndim))
    return _jnp.outer(x1, x2)


def cross(x1, x2, *, axis=-1):
    return _jnp.cross(x1, x2, axis=axis)


def diagonal(x, *, offset=0):
    return _jnp.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def trace(x, *, offset=0, dtype=None):
    return _jnp.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def tensordot(x1, x2, *, axes=2, precision=None, preferred_element_type=None):
    return _jnp.tensordot(x1, x2, axes=axes)


def vecdot(x1, x2, *, axis=-1, precision=None, preferred_element_type=None):
    return _jnp.vecdot(x1, x2, axis=axis)
