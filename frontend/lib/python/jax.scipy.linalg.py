# jax.scipy.linalg: triangular solves, Cholesky/LU factor-and-solve, expm and
# the structured-matrix constructors, on jax.numpy (and jnp.linalg for the
# factorisations both modules share).
import math as _math
import jax.numpy as jnp


def _float(a):
    a = jnp.asarray(a)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        a = a.astype(jnp.float32)
    return a


def _tri_solve_one(a, b, lower, unit_diagonal):
    n = a.shape[-1]
    x = jnp.zeros_like(b)
    order = range(n) if lower else range(n - 1, -1, -1)
    for i in order:
        if lower:
            acc = b[i] - (a[i, :i] @ x[:i] if i else 0)
        else:
            acc = b[i] - (a[i, i + 1:] @ x[i + 1:] if i + 1 < n else 0)
        x = x.at[i].set(acc if unit_diagonal else acc / a[i, i])
    return x


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False,
                     debug=None, check_finite=True):
    a = _float(a)
    b = jnp.asarray(b).astype(a.dtype)
    if trans in (1, 'T', 2, 'C'):
        a = jnp.swapaxes(a, -1, -2)
        lower = not lower
    elif trans not in (0, 'N'):
        raise ValueError('Invalid \'trans\' value ' + repr(trans))
    if a.ndim > 2:
        import jax
        return jax.vmap(lambda aa, bb: solve_triangular(aa, bb, 0, lower, unit_diagonal))(a, b)
    vec = b.ndim == 1
    bb = b[:, None] if vec else b
    x = _tri_solve_one(a, bb, lower, unit_diagonal)
    return x[:, 0] if vec else x


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    L = jnp.linalg.cholesky(a)
    return L if lower else jnp.swapaxes(L, -1, -2)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    return cholesky(a, lower=lower), lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    c, lower = c_and_lower
    c = _float(c)
    b = jnp.asarray(b).astype(c.dtype)
    if lower:
        y = solve_triangular(c, b, lower=True)
        return solve_triangular(c, y, trans=1, lower=True)
    y = solve_triangular(c, b, trans=1, lower=False)
    return solve_triangular(c, y, lower=False)


def _lu_one(a):
    # Partial pivoting as LAPACK's getrf: the largest magnitude in the
    # column (first on ties) becomes the pivot.
    m, n = a.shape
    k = min(m, n)
    rows = jnp.arange(m)
    perm = rows
    piv = []
    for j in range(k):
        p = jnp.argmax(jnp.where(rows >= j, jnp.abs(a[:, j]), -1.0))
        piv.append(p)
        swap = jnp.where(rows == j, p, jnp.where(rows == p, j, rows))
        a = a[swap]
        perm = perm[swap]
        pivot = a[j, j]
        safe = jnp.where(pivot == 0, 1, pivot)
        below = rows > j
        factors = jnp.where(below, a[:, j] / safe, 0)
        a = a - jnp.outer(factors, jnp.where(jnp.arange(n) > j, a[j], 0))
        a = a.at[:, j].set(jnp.where(below, factors, a[:, j]))
    return a, jnp.stack(piv).astype(jnp.int32) if piv else jnp.zeros(0, jnp.int32), perm


def lu_factor(a, overwrite_a=False, check_finite=True):
    a = _float(a)
    lu, piv, _ = _lu_one(a)
    return lu, piv


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    a = _float(a)
    m, n = a.shape
    k = min(m, n)
    lu_, _, perm = _lu_one(a)
    l = jnp.tril(lu_[:, :k], -1) + jnp.eye(m, k, dtype=a.dtype)
    u = jnp.triu(lu_[:k])
    p = jnp.zeros((m, m), a.dtype).at[perm, jnp.arange(m)].set(1)
    if permute_l:
        return p @ l, u
    return p, l, u


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    lu_, piv = lu_and_piv
    lu_ = _float(lu_)
    b = jnp.asarray(b).astype(lu_.dtype)
    m = lu_.shape[0]
    perm = jnp.arange(m)
    for j in range(piv.shape[0]):
        p = piv[j]
        pj = perm[j]
        perm = perm.at[j].set(perm[p]).at[p].set(pj)
    vec = b.ndim == 1
    bb = b[:, None] if vec else b
    if trans == 0:
        y = solve_triangular(lu_, bb[perm], lower=True, unit_diagonal=True)
        x = solve_triangular(lu_, y, lower=False)
    elif trans in (1, 2):
        y = solve_triangular(lu_, bb, trans=1, lower=False)
        z = solve_triangular(lu_, y, trans=1, lower=True, unit_diagonal=True)
        x = jnp.zeros_like(z).at[perm].set(z)
    else:
        raise ValueError("'trans' value must be 0, 1, or 2.")
    return x[:, 0] if vec else x


def det(a, overwrite_a=False, check_finite=True):
    return jnp.linalg.det(a)


def inv(a, overwrite_a=False, check_finite=True):
    return jnp.linalg.inv(a)


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, debug=False, check_finite=True,
          assume_a='gen'):
    if assume_a in ('pos', 'positive definite'):
        return cho_solve(cho_factor(a, lower=lower), b)
    return jnp.linalg.solve(a, b)


def qr(a, overwrite_a=False, lwork=None, mode='full', pivoting=False, check_finite=True):
    if pivoting:
        raise NotImplementedError('qr(pivoting=True) is not implemented in parax')
    if mode == 'full':
        return tuple(jnp.linalg.qr(a, mode='complete'))
    if mode == 'economic':
        return tuple(jnp.linalg.qr(a, mode='reduced'))
    if mode == 'r':
        return (jnp.linalg.qr(a, mode='complete')[1],)
    raise ValueError('Unsupported QR decomposition mode ' + repr(mode))


def svd(a, full_matrices=True, compute_uv=True, overwrite_a=False, check_finite=True,
        lapack_driver='gesdd'):
    r = jnp.linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv)
    return tuple(r) if compute_uv else r


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False,
         turbo=True, eigvals=None, type=1, check_finite=True):
    if b is not None:
        raise NotImplementedError('eigh(b=...) (generalized problem) is not implemented in parax')
    w, v = jnp.linalg.eigh(a, UPLO='L' if lower else 'U')
    return w if eigvals_only else (w, v)


def expm(A, *, upper_triangular=False, max_squarings=16):
    # Scaling and squaring with a [13/13] Pade approximant (Higham 2005).
    A = _float(A)
    n = A.shape[-1]
    ident = jnp.eye(n, dtype=A.dtype)
    b = [64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800.,
         129060195264000., 10559470521600., 670442572800., 33522128640., 1323241920., 40840800.,
         960960., 16380., 182., 1.]
    A1 = jnp.sum(jnp.abs(A), axis=-2).max(-1)
    theta13 = 5.371920351148152 if A.dtype == jnp.float64 else 3.925724783138660
    s = jnp.maximum(0, jnp.ceil(jnp.log2(jnp.maximum(A1, 1e-30) / theta13)))
    s = jnp.minimum(s, max_squarings)
    As = A / jnp.power(2.0, s)[..., None, None].astype(A.dtype)
    A2 = As @ As
    A4 = A2 @ A2
    A6 = A4 @ A2
    U = As @ (A6 @ (b[13] * A6 + b[11] * A4 + b[9] * A2) + b[7] * A6 + b[5] * A4 + b[3] * A2 +
              b[1] * ident)
    V = A6 @ (b[12] * A6 + b[10] * A4 + b[8] * A2) + b[6] * A6 + b[4] * A4 + b[2] * A2 + \
        b[0] * ident
    R = jnp.linalg.solve(V - U, V + U)
    for i in range(max_squarings):
        R = jnp.where((i < s)[..., None, None], R @ R, R)
    return R


def block_diag(*arrs):
    if not arrs:
        arrs = (jnp.zeros((1, 0)),)
    arrs = [jnp.atleast_2d(jnp.asarray(a)) for a in arrs]
    dt = jnp.result_type(*arrs)
    rows = sum(a.shape[0] for a in arrs)
    cols = sum(a.shape[1] for a in arrs)
    out = jnp.zeros((rows, cols), dt)
    r = c = 0
    for a in arrs:
        out = out.at[r:r + a.shape[0], c:c + a.shape[1]].set(a.astype(dt))
        r += a.shape[0]
        c += a.shape[1]
    return out


def toeplitz(c, r=None):
    c = jnp.asarray(c)
    if r is None:
        r = c
    r = jnp.asarray(r)
    c = c.reshape(-1) if c.ndim != 1 else c
    r = r.reshape(-1) if r.ndim != 1 else r
    dt = jnp.result_type(c, r)
    vals = jnp.concatenate([c[::-1], r[1:]]).astype(dt)
    m, n = c.shape[0], r.shape[0]
    idx = (m - 1) - jnp.arange(m)[:, None] + jnp.arange(n)[None, :]
    return vals[idx]


def circulant(c):
    c = jnp.atleast_1d(jnp.asarray(c))
    n = c.shape[-1]
    idx = (jnp.arange(n)[:, None] - jnp.arange(n)[None, :]) % n
    return c[..., idx]


def hankel(c, r=None):
    c = jnp.asarray(c).reshape(-1)
    if r is None:
        r = jnp.zeros_like(c)
    r = jnp.asarray(r).reshape(-1)
    vals = jnp.concatenate([c, r[1:]])
    idx = jnp.arange(c.shape[0])[:, None] + jnp.arange(r.shape[0])[None, :]
    return vals[idx]


def hilbert(n):
    a = jnp.arange(n, dtype=jnp.float32)
    return 1.0 / (a[:, None] + a[None, :] + 1)


def companion(a):
    a = jnp.atleast_1d(jnp.asarray(a))
    if a.ndim != 1:
        raise ValueError('Incorrect shape for `a`.  `a` must be one-dimensional.')
    if a.shape[0] < 2:
        raise ValueError('The length of `a` must be at least 2.')
    first = -a[1:] / (1.0 * a[0])
    n = a.shape[0]
    c = jnp.zeros((n - 1, n - 1), first.dtype)
    c = c.at[0].set(first)
    if n > 2:
        c = c.at[jnp.arange(1, n - 1), jnp.arange(0, n - 2)].set(1)
    return c


def pascal(n, kind='symmetric', exact=True):
    i = jnp.arange(n, dtype=jnp.float32)
    import jax.scipy.special as sp
    if kind == 'symmetric':
        return jnp.round(sp.comb(i[:, None] + i[None, :], i[None, :]))
    low = jnp.round(sp.comb(i[:, None], i[None, :]))
    if kind == 'lower':
        return low
    if kind == 'upper':
        return low.T
    raise ValueError("kind must be 'symmetric', 'lower', or 'upper'")


def hadamard(n, dtype=int):
    lg = int(_math.log2(n)) if n > 0 else -1
    if n < 1 or 2 ** lg != n:
        raise ValueError('n must be an positive integer, and n must be a power of 2')
    h = jnp.ones((1, 1), dtype=jnp.int32 if dtype is int else dtype)
    for _ in range(lg):
        h = jnp.block([[h, h], [h, -h]])
    return h


def fiedler(a):
    arr = jnp.atleast_1d(jnp.asarray(a))
    return jnp.abs(arr[..., None] - arr[..., None, :])


def leslie(f, s):
    f = jnp.atleast_1d(jnp.asarray(f))
    s = jnp.atleast_1d(jnp.asarray(s))
    if f.ndim != 1 or s.ndim != 1:
        raise NotImplementedError('batched leslie is not implemented in parax')
    if f.shape[-1] < 2:
        raise ValueError('The length of f along the last axis must be at least 2; got shape ' +
                         str(f.shape) + '.')
    if s.shape[-1] != f.shape[-1] - 1:
        raise ValueError('Incorrect lengths for f and s. The length of s along the last axis '
                         'must be one less than the length of f; got f shape ' + str(f.shape) +
                         ' and s shape ' + str(s.shape) + '.')
    n = f.shape[0]
    dt = jnp.result_type(f, s)
    out = jnp.zeros((n, n), dt).at[0].set(f.astype(dt))
    return out.at[jnp.arange(1, n), jnp.arange(n - 1)].set(s.astype(dt))


def helmert(n, full=False):
    if n < 1:
        raise ValueError('n must be a positive integer; got ' + str(n) + '.')
    i = jnp.arange(n - 1)[:, None]
    j = jnp.arange(n)[None, :]
    k = i + 1
    kf = k.astype(jnp.float32)
    denom = jnp.sqrt(kf * (kf + 1))
    H = jnp.where(j <= i, 1.0 / denom, jnp.where(j == k, -kf / denom, jnp.zeros_like(denom)))
    if full:
        H = jnp.concatenate([jnp.full((1, n), 1.0 / _math.sqrt(n), H.dtype), H], axis=0)
    return H


def invhilbert(n, exact=False):
    import jax.scipy.special as sp
    a = jnp.arange(n, dtype=jnp.float32)
    i = a[:, None]
    j = a[None, :]
    s = i + j
    return ((-1.0) ** s * (s + 1.0) * sp.comb(n + i, n - j - 1) * sp.comb(n + j, n - i - 1) *
            sp.comb(s, i) ** 2)


def convolution_matrix(a, n, mode='full'):
    n = int(n)
    if n <= 0:
        raise ValueError('n must be a positive integer; got ' + str(n) + '.')
    a = jnp.asarray(a)
    if a.ndim != 1:
        raise NotImplementedError('convolution_matrix of a batch is not implemented in parax')
    m = a.shape[-1]
    if mode not in ('full', 'valid', 'same'):
        raise ValueError("mode must be one of 'full', 'valid', 'same'; got " + repr(mode) + '.')
    az = jnp.pad(a, (0, n - 1))
    raz = jnp.pad(jnp.flip(a), (0, n - 1))
    L = m + n - 1
    if mode == 'same':
        trim = min(n, m) - 1
        tb = trim // 2
        te = trim - tb
    elif mode == 'valid':
        tb = te = min(n, m) - 1
    else:
        tb = te = 0
    return toeplitz(az[tb:L - te], raz[L - n - tb:L - tb])


def polar(a, side='right', *, method='svd', eps=None, max_iterations=None):
    # Through the SVD a = U S Vh: unitary factor U Vh, positive factor from S.
    a = _float(a)
    if a.ndim < 2:
        raise ValueError('The input `a` must be at least a 2-D array.')
    if side not in ('right', 'left'):
        raise ValueError("The argument `side` must be either 'right' or 'left'.")
    u, s, vh = jnp.linalg.svd(a, full_matrices=False)
    unitary = u @ vh
    if side == 'right':
        posdef = (jnp.swapaxes(vh, -1, -2) * s[..., None, :]) @ vh
    else:
        posdef = (u * s[..., None, :]) @ jnp.swapaxes(u, -1, -2)
    return unitary, posdef
