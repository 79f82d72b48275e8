# The Python half of jax.numpy: functions composed of other jnp functions
# (statistics on sort, grids, padding, tensordot, ...). The elementwise ops,
# reductions, creation and indexing are C++ (Jnp*.cpp).
from jax.numpy import (asarray, concatenate, expand_dims, full, moveaxis, reshape, sort,
                       stack, take, transpose, where, zeros_like)
import jax.numpy as _jnp
import math as _math

_builtin_all = all
_builtin_round = round


def _axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise ValueError('axis ' + str(axis) + ' is out of bounds for array of dimension ' +
                         str(ndim))
    return axis % ndim


def broadcast_shapes(*shapes):
    shapes = [tuple(s) if isinstance(s, (tuple, list)) else (s,) for s in shapes]
    ndim = max([len(s) for s in shapes]) if shapes else 0
    out = []
    for k in range(ndim):
        size = 1
        for s in shapes:
            d = s[k - ndim + len(s)] if k - ndim + len(s) >= 0 else 1
            if d != 1:
                if size != 1 and size != d:
                    raise ValueError('Incompatible shapes for broadcasting: shapes=' +
                                     str([tuple(x) for x in shapes]))
                size = d
        out.append(size)
    return tuple(out)


def broadcast_arrays(*args):
    arrs = [asarray(a) for a in args]
    shape = broadcast_shapes(*[a.shape for a in arrs])
    return [_jnp.broadcast_to(a, shape) for a in arrs]


def isscalar(element):
    if isinstance(element, (bool, int, float, str)):
        return True
    return hasattr(element, 'ndim') and hasattr(element, 'shape') and element.ndim == 0 and \
        not isinstance(element, (list, tuple))


def ndim(a):
    return asarray(a).ndim


def take_along_axis(arr, indices, axis):
    arr = asarray(arr)
    indices = asarray(indices)
    if axis is None:
        return take(arr.reshape(-1), indices.reshape(-1))
    axis = _axis(axis, arr.ndim)
    a = moveaxis(arr, axis, -1)
    i = moveaxis(indices, axis, -1)
    n = a.shape[-1]
    i = where(i < 0, i + n, i)
    shape = broadcast_shapes(a.shape[:-1], i.shape[:-1])
    a = _jnp.broadcast_to(a, shape + (n,))
    i = _jnp.broadcast_to(i, shape + (i.shape[-1],))
    rows = 1
    for d in shape:
        rows *= d
    offsets = _jnp.arange(rows, dtype=_jnp.int32).reshape(shape + (1,)) * n
    out = take(a.reshape(-1), (i + offsets).reshape(-1)).reshape(i.shape)
    return moveaxis(out, -1, axis)


def _quantile_sorted(s, q, method):
    n = s.shape[-1]
    pos = q * (n - 1)
    if method == 'linear':
        lo = _jnp.floor(pos)
        hi = _jnp.ceil(pos)
        lo_i = lo.astype(_jnp.int32)
        hi_i = hi.astype(_jnp.int32)
        a = take(s, lo_i, axis=-1)
        b = take(s, hi_i, axis=-1)
        frac = pos - lo
        return a * (1 - frac) + b * frac
    if method == 'lower':
        return take(s, _jnp.floor(pos).astype(_jnp.int32), axis=-1)
    if method == 'higher':
        return take(s, _jnp.ceil(pos).astype(_jnp.int32), axis=-1)
    if method == 'nearest':
        return take(s, _jnp.round(pos).astype(_jnp.int32), axis=-1)
    if method == 'midpoint':
        return (take(s, _jnp.floor(pos).astype(_jnp.int32), axis=-1) +
                take(s, _jnp.ceil(pos).astype(_jnp.int32), axis=-1)) / 2
    raise ValueError("method can only be 'linear', 'lower', 'higher', 'midpoint', or "
                     "'nearest'. Got " + repr(method) + '.')


def quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
             keepdims=False):
    a = asarray(a)
    if not _jnp.issubdtype(a.dtype, _jnp.floating):
        a = a.astype(_jnp.float32)
    q = asarray(q, dtype=a.dtype)
    if axis is None:
        s = sort(a.reshape(-1))
        kept = (1,) * a.ndim
    else:
        axes = (axis,) if isinstance(axis, int) else tuple(axis)
        axes = tuple(sorted(_axis(x, a.ndim) for x in axes))
        rest = [k for k in range(a.ndim) if k not in axes]
        moved = transpose(a, tuple(rest) + axes)
        count = 1
        for k in axes:
            count *= a.shape[k]
        s = sort(moved.reshape(tuple(a.shape[k] for k in rest) + (count,)), axis=-1)
        kept = tuple(1 if k in axes else a.shape[k] for k in range(a.ndim))
    # NaNs sort last; any NaN makes the quantile NaN (numpy's rule).
    has_nan = _jnp.isnan(s[..., -1:]) if s.shape[-1] > 0 else None
    if q.ndim == 0:
        r = _quantile_sorted(s, q, method)
        if has_nan is not None:
            r = where(has_nan[..., 0], _jnp.nan, r)
        return r.reshape(kept) if keepdims else r
    outs = []
    for qi in q.reshape(-1):
        r = _quantile_sorted(s, qi, method)
        if has_nan is not None:
            r = where(has_nan[..., 0], _jnp.nan, r)
        outs.append(r.reshape(kept) if keepdims else r)
    return stack(outs).reshape(q.shape + outs[0].shape)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
               keepdims=False):
    # JAX divides inside its jit, where XLA turns / 100 into * 0.01.
    return quantile(a, asarray(q) * 0.01, axis, out, overwrite_input, method, keepdims)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return quantile(a, 0.5, axis, out, overwrite_input, 'midpoint', keepdims)


def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    if indexing not in ('xy', 'ij'):
        raise ValueError("Valid values for indexing are 'xy' and 'ij'.")
    arrs = [asarray(x).reshape(-1) for x in xi]
    n = len(arrs)
    if n == 0:
        return []
    shapes = [a.shape[0] for a in arrs]
    if indexing == 'xy' and n >= 2:
        shapes[0], shapes[1] = shapes[1], shapes[0]
    out = []
    for k, a in enumerate(arrs):
        dim = k
        if indexing == 'xy' and n >= 2 and k < 2:
            dim = 1 - k
        shape = [1] * n
        shape[dim] = a.shape[0]
        b = a.reshape(tuple(shape))
        out.append(b if sparse else _jnp.broadcast_to(b, tuple(shapes)))
    return out


def _pad_widths(pad_width, ndim):
    # numpy's rule: pad_width broadcasts to shape (ndim, 2).
    pw = pad_width
    if hasattr(pw, 'tolist'):
        pw = pw.tolist()
    if isinstance(pw, (int, float)):
        rows = [[pw, pw]]
    elif len(pw) > 0 and not isinstance(pw[0], (tuple, list)):
        rows = [list(pw) * 2] if len(pw) == 1 else [list(pw)]
    else:
        rows = [list(r) * 2 if len(r) == 1 else list(r) for r in pw]
    if len(rows) == 1:
        rows = rows * ndim
    if len(rows) != ndim or not _builtin_all(len(r) == 2 for r in rows):
        raise ValueError('jnp.pad: pad_width with shape ' + str((len(rows), len(rows[0]) if rows
                         else 0)) + ' cannot be broadcast to (' + str(ndim) + ', 2)')
    out = [(int(r[0]), int(r[1])) for r in rows]
    for lo, hi in out:
        if lo < 0 or hi < 0:
            raise ValueError("index can't contain negative values")
    return out


def pad(array, pad_width, mode='constant', **kwargs):
    a = asarray(array)
    widths = _pad_widths(pad_width, a.ndim)
    if callable(mode):
        raise NotImplementedError('jnp.pad with a callable mode is not implemented in parax')
    if mode not in ('constant', 'edge', 'wrap', 'reflect', 'symmetric', 'empty'):
        raise ValueError('Unimplemented padding mode \'' + str(mode) + '\' for np.pad.')
    cv = kwargs.get('constant_values', 0)
    for axis in range(a.ndim):
        lo, hi = widths[axis]
        if lo == 0 and hi == 0:
            continue
        n = a.shape[axis]
        parts = []
        if mode in ('constant', 'empty'):
            if isinstance(cv, (tuple, list)):
                c = cv[axis] if len(cv) == a.ndim and isinstance(cv[axis], (tuple, list)) else cv
                c = c[0] if len(c) == 1 and isinstance(c[0], (tuple, list)) else c
                clo, chi = (c[0], c[1]) if len(c) == 2 else (c[0], c[0])
            else:
                clo = chi = cv
            shape_lo = list(a.shape)
            shape_lo[axis] = lo
            shape_hi = list(a.shape)
            shape_hi[axis] = hi
            parts = [full(tuple(shape_lo), clo, a.dtype), a, full(tuple(shape_hi), chi, a.dtype)]
        else:
            if n == 0:
                raise ValueError("can't extend empty axis " + str(axis) + " using modes other "
                                 "than 'constant' or 'empty'")
            idx_lo = []
            idx_hi = []
            for k in range(lo):
                j = k - lo  # position -lo..-1
                idx_lo.append(_pad_index(j, n, mode))
            for k in range(hi):
                idx_hi.append(_pad_index(n + k, n, mode))
            parts = [take(a, asarray(idx_lo, dtype=_jnp.int32), axis=axis), a,
                     take(a, asarray(idx_hi, dtype=_jnp.int32), axis=axis)]
        a = concatenate(parts, axis=axis)
    return a


def _pad_index(j, n, mode):
    if mode == 'edge':
        return 0 if j < 0 else n - 1
    if mode == 'wrap':
        return j % n
    if mode == 'reflect':
        if n == 1:
            return 0
        period = 2 * (n - 1)
        j = j % period
        return j if j < n else period - j
    period = 2 * n  # symmetric
    j = j % period
    return j if j < n else period - 1 - j


def tensordot(a, b, axes=2, precision=None, preferred_element_type=None):
    a = asarray(a)
    b = asarray(b)
    if isinstance(axes, int):
        if axes < 0:
            raise ValueError('tensordot requires axes to be a non-negative integer')
        if axes > min(a.ndim, b.ndim):
            raise TypeError('Number of tensordot axes (axes ' + str(axes) + ') exceeds input '
                            'ranks (' + str(a.ndim) + ' and ' + str(b.ndim) + ')')
        ca = list(range(a.ndim - axes, a.ndim))
        cb = list(range(axes))
    else:
        ax_a, ax_b = axes
        ca = [ax_a] if isinstance(ax_a, int) else list(ax_a)
        cb = [ax_b] if isinstance(ax_b, int) else list(ax_b)
        if len(ca) != len(cb):
            raise TypeError('tensordot requires axes lists to have equal length, got ' +
                            str(ca) + ' and ' + str(cb) + '.')
        ca = [_axis(x, a.ndim) for x in ca]
        cb = [_axis(x, b.ndim) for x in cb]
    for x, y in zip(ca, cb):
        if a.shape[x] != b.shape[y]:
            raise TypeError('tensordot requires contracted dimensions to have the same shape, '
                            'got ' + str(tuple(a.shape[k] for k in ca)) + ' and ' +
                            str(tuple(b.shape[k] for k in cb)) + '.')
    fa = [k for k in range(a.ndim) if k not in ca]
    fb = [k for k in range(b.ndim) if k not in cb]
    m = 1
    for k in ca:
        m *= a.shape[k]
    a2 = transpose(a, tuple(fa + ca)).reshape((-1, m) if fa else (1, m))
    b2 = transpose(b, tuple(cb + fb)).reshape((m, -1) if fb else (m, 1))
    out = _jnp.dot(a2, b2)
    return out.reshape(tuple(a.shape[k] for k in fa) + tuple(b.shape[k] for k in fb))


def real(x):
    return asarray(x)


def imag(x):
    return zeros_like(asarray(x))


def conj(x):
    return asarray(x)


conjugate = conj


def copy(a, order=None):
    return _jnp.array(a, copy=True)


def rot90(m, k=1, axes=(0, 1)):
    m = asarray(m)
    ax0, ax1 = _axis(axes[0], m.ndim), _axis(axes[1], m.ndim)
    if ax0 == ax1:
        raise ValueError('Axes must be different')
    k = k % 4
    if k == 0:
        return m
    if k == 2:
        return _jnp.flip(_jnp.flip(m, ax0), ax1)
    perm = list(range(m.ndim))
    perm[ax0], perm[ax1] = perm[ax1], perm[ax0]
    if k == 1:
        return transpose(_jnp.flip(m, ax1), tuple(perm))
    return _jnp.flip(transpose(m, tuple(perm)), ax1)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError('condlist must have length equal to choicelist (' +
                         str(len(condlist)) + ' vs ' + str(len(choicelist)) + ')')
    if len(condlist) == 0:
        raise ValueError('condlist must be non-empty')
    out = default
    for cond, choice in zip(reversed(list(condlist)), reversed(list(choicelist))):
        out = where(cond, choice, out)
    return out


def piecewise(x, condlist, funclist, *args, **kw):
    x = asarray(x)
    condlist = list(condlist) if isinstance(condlist, (list, tuple)) else [condlist]
    funclist = list(funclist)
    if len(funclist) == len(condlist) + 1:
        otherwise = _jnp.logical_not(_jnp.any(stack([asarray(c) for c in condlist]), axis=0))
        condlist = condlist + [otherwise]
    elif len(funclist) != len(condlist):
        raise ValueError('with ' + str(len(condlist)) + ' condition(s), either ' +
                         str(len(condlist)) + ' or ' + str(len(condlist) + 1) +
                         ' functions are expected')
    out = zeros_like(x)
    for cond, f in zip(condlist, funclist):
        val = f(x, *args, **kw) if callable(f) else f
        out = where(cond, val, out)
    return out


def convolve(a, v, mode='full', *, precision=None, preferred_element_type=None):
    a = asarray(a)
    v = asarray(v)
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError('convolve() only support 1-dimensional inputs.')
    if a.shape[0] == 0 or v.shape[0] == 0:
        raise ValueError('convolve: inputs cannot be empty, got shapes ' + str(a.shape) +
                         ' and ' + str(v.shape) + '.')
    if a.shape[0] < v.shape[0]:
        a, v = v, a
    n, m = a.shape[0], v.shape[0]
    full_out = _jnp.zeros((n + m - 1,), _jnp.result_type(a, v))
    for k in range(m):
        full_out = full_out.at[k:k + n].add(a * v[k])
    if mode == 'full':
        return full_out
    if mode == 'same':
        start = (m - 1) // 2
        return full_out[start:start + n]
    if mode == 'valid':
        return full_out[m - 1:n]
    raise ValueError("mode must be one of ['full', 'same', 'valid'], got " + repr(mode))


def correlate(a, v, mode='valid', *, precision=None, preferred_element_type=None):
    return convolve(a, _jnp.flip(asarray(v)), mode)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    a = asarray(a)
    axis = _axis(axis, a.ndim)
    if prepend is not None:
        p = asarray(prepend)
        if p.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            p = _jnp.broadcast_to(p, tuple(shape))
        a = concatenate([p.astype(a.dtype), a], axis=axis)
    if append is not None:
        p = asarray(append)
        if p.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            p = _jnp.broadcast_to(p, tuple(shape))
        a = concatenate([a, p.astype(a.dtype)], axis=axis)
    from jax.lax import slice_in_dim
    for _ in range(n):
        size = a.shape[axis]
        a = slice_in_dim(a, 1, size, 1, axis) - slice_in_dim(a, 0, size - 1, 1, axis)
    return a


def searchsorted(a, v, side='left', sorter=None, method='scan'):
    a = asarray(a)
    v = asarray(v)
    if sorter is not None:
        a = take(a, sorter)
    if side == 'left':
        hits = a[(None,) * v.ndim] < v[..., None]
    elif side == 'right':
        hits = a[(None,) * v.ndim] <= v[..., None]
    else:
        raise ValueError(repr(side) + " is an invalid value for keyword 'side'. Expected one of "
                         "['left', 'right'].")
    return _jnp.sum(hits, axis=-1, dtype=_jnp.int32)


def triu(m, k=0):
    m = asarray(m)
    r, c = m.shape[-2], m.shape[-1]
    mask = _jnp.arange(c)[None, :] - _jnp.arange(r)[:, None] >= k
    return where(mask, m, zeros_like(m))


def tril(m, k=0):
    m = asarray(m)
    r, c = m.shape[-2], m.shape[-1]
    mask = _jnp.arange(c)[None, :] - _jnp.arange(r)[:, None] <= k
    return where(mask, m, zeros_like(m))


def diag(v, k=0):
    v = asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        rows = _jnp.arange(v.shape[0]) + max(-k, 0)
        cols = _jnp.arange(v.shape[0]) + max(k, 0)
        return _jnp.zeros((n, n), v.dtype).at[rows, cols].set(v)
    if v.ndim == 2:
        return diagonal(v, k)
    raise ValueError('diag input must be 1d or 2d')


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = asarray(a)
    a = moveaxis(a, (axis1, axis2), (-2, -1))
    r, c = a.shape[-2], a.shape[-1]
    if offset >= 0:
        n = max(0, min(r, c - offset))
        rows = _jnp.arange(n)
        cols = rows + offset
    else:
        n = max(0, min(r + offset, c))
        cols = _jnp.arange(n)
        rows = cols - offset
    return a[..., rows, cols]


def shape(a):
    return tuple(asarray(a).shape) if not isinstance(a, (int, float, bool)) else ()


def _nan_fill(a, value):
    a = asarray(a)
    if not _jnp.issubdtype(a.dtype, _jnp.floating):
        return a
    return where(_jnp.isnan(a), value, a)


def nansum(a, axis=None, dtype=None, keepdims=False):
    return _jnp.sum(_nan_fill(a, 0), axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, keepdims=False):
    return _jnp.prod(_nan_fill(a, 1), axis=axis, dtype=dtype, keepdims=keepdims)


def _nan_count(a, axis, keepdims):
    a = asarray(a)
    ok = _jnp.logical_not(_jnp.isnan(a)) if _jnp.issubdtype(a.dtype, _jnp.floating) else \
        _jnp.ones(a.shape, bool)
    return _jnp.sum(ok, axis=axis, keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    if not _jnp.issubdtype(a.dtype, _jnp.floating):
        a = a.astype(_jnp.float32)
    s = nansum(a, axis=axis, keepdims=keepdims)
    return s / _nan_count(a, axis, keepdims).astype(s.dtype)


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    a = asarray(a)
    if not _jnp.issubdtype(a.dtype, _jnp.floating):
        a = a.astype(_jnp.float32)
    m = nanmean(a, axis=axis, keepdims=True)
    d = _nan_fill(a - m, 0)
    n = _nan_count(a, axis, keepdims).astype(a.dtype)
    return _jnp.sum(d * d, axis=axis, keepdims=keepdims) / _jnp.maximum(n - ddof, 0)


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    return _jnp.sqrt(nanvar(a, axis=axis, ddof=ddof, keepdims=keepdims))


def nanmax(a, axis=None, keepdims=False):
    a = asarray(a)
    r = _jnp.max(_nan_fill(a, -_jnp.inf), axis=axis, keepdims=keepdims)
    if _jnp.issubdtype(a.dtype, _jnp.floating):
        r = where(_nan_count(a, axis, keepdims) == 0, _jnp.nan, r)
    return r


def nanmin(a, axis=None, keepdims=False):
    a = asarray(a)
    r = _jnp.min(_nan_fill(a, _jnp.inf), axis=axis, keepdims=keepdims)
    if _jnp.issubdtype(a.dtype, _jnp.floating):
        r = where(_nan_count(a, axis, keepdims) == 0, _jnp.nan, r)
    return r


def nanargmax(a, axis=None, keepdims=False):
    a = asarray(a)
    r = _jnp.argmax(_nan_fill(a, -_jnp.inf), axis=axis, keepdims=keepdims)
    if _jnp.issubdtype(a.dtype, _jnp.floating):
        r = where(_nan_count(a, axis, keepdims) == 0, -1, r)
    return r


def nanargmin(a, axis=None, keepdims=False):
    a = asarray(a)
    r = _jnp.argmin(_nan_fill(a, _jnp.inf), axis=axis, keepdims=keepdims)
    if _jnp.issubdtype(a.dtype, _jnp.floating):
        r = where(_nan_count(a, axis, keepdims) == 0, -1, r)
    return r


def nancumsum(a, axis=None, dtype=None):
    return _jnp.cumsum(_nan_fill(a, 0), axis=axis, dtype=dtype)


def nancumprod(a, axis=None, dtype=None):
    return _jnp.cumprod(_nan_fill(a, 1), axis=axis, dtype=dtype)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    x = asarray(x)
    if not _jnp.issubdtype(x.dtype, _jnp.floating):
        return x
    big = finfo(x.dtype).max
    x = where(_jnp.isnan(x), nan, x)
    x = where(x == _jnp.inf, big if posinf is None else posinf, x)
    return where(x == -_jnp.inf, -big if neginf is None else neginf, x)


def kron(a, b):
    a = asarray(a)
    b = asarray(b)
    nd = max(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    out = a.reshape(sum([(d, 1) for d in a.shape], ())) * b.reshape(
        sum([(1, d) for d in b.shape], ()))
    return out.reshape(tuple(x * y for x, y in zip(a.shape, b.shape)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a = moveaxis(asarray(a), axisa if axis is None else axis, -1)
    b = moveaxis(asarray(b), axisb if axis is None else axis, -1)
    if a.shape[-1] == 2:
        a = concatenate([a, zeros_like(a[..., :1])], axis=-1)
    if b.shape[-1] == 2:
        b = concatenate([b, zeros_like(b[..., :1])], axis=-1)
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    c = stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
    return moveaxis(c, -1, axisc if axis is None else axis)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        raise NotImplementedError('jnp.interp(period=) is not implemented in parax')
    x = asarray(x)
    xp = asarray(xp)
    fp = asarray(fp)
    dt = _jnp.result_type(x, xp, fp, 0.0)
    x, xp, fp = x.astype(dt), xp.astype(dt), fp.astype(dt)
    n = xp.shape[0]
    i = _jnp.clip(searchsorted(xp, x, side='right'), 1, n - 1)
    df = take(fp, i) - take(fp, i - 1)
    dx = take(xp, i) - take(xp, i - 1)
    delta = x - take(xp, i - 1)
    f = where(dx == 0, take(fp, i), take(fp, i - 1) + (delta / where(dx == 0, 1, dx)) * df)
    f = where(x < xp[0], fp[0] if left is None else left, f)
    return where(x > xp[-1], fp[-1] if right is None else right, f)


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    a = asarray(a)
    if weights is None:
        avg = _jnp.mean(a, axis=axis, keepdims=keepdims)
        count = _jnp.ones(avg.shape, avg.dtype) * (a.size / max(avg.size, 1))
    else:
        w = asarray(weights)
        if w.shape != a.shape:
            if axis is None or w.ndim != 1:
                raise ValueError('Axis must be specified when shapes of a and weights differ.')
            shape_ = [1] * a.ndim
            shape_[_axis(axis, a.ndim)] = w.shape[0]
            w = w.reshape(tuple(shape_))
        count = _jnp.sum(_jnp.broadcast_to(w, a.shape), axis=axis, keepdims=keepdims)
        avg = _jnp.sum(a * w, axis=axis, keepdims=keepdims) / count
    if returned:
        return avg, _jnp.broadcast_to(count, avg.shape)
    return avg


def ptp(a, axis=None, keepdims=False):
    return _jnp.max(a, axis=axis, keepdims=keepdims) - _jnp.min(a, axis=axis, keepdims=keepdims)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None):
    if fweights is not None or aweights is not None:
        raise NotImplementedError('jnp.cov(fweights=, aweights=) is not implemented in parax')
    x = _jnp.atleast_2d(asarray(m)) if hasattr(_jnp, 'atleast_2d') else atleast_2d(m)
    if not rowvar and x.shape[0] != 1:
        x = x.T
    if y is not None:
        yy = atleast_2d(y)
        if not rowvar and yy.shape[0] != 1:
            yy = yy.T
        x = concatenate([x, yy], axis=0)
    if not _jnp.issubdtype(x.dtype, _jnp.floating):
        x = x.astype(_jnp.float32)
    if ddof is None:
        ddof = 0 if bias else 1
    n = x.shape[1]
    xc = x - _jnp.mean(x, axis=1, keepdims=True)
    c = _jnp.dot(xc, xc.T) / (n - ddof)
    return _jnp.squeeze(c)


def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if c.ndim == 0:
        return c / c
    d = _jnp.sqrt(diagonal(c))
    return _jnp.clip(c / d[:, None] / d[None, :], -1, 1)


def bincount(x, weights=None, minlength=0, *, length=None):
    x = asarray(x)
    if length is None:
        length = max(int(_jnp.max(x)) + 1 if x.size else 0, minlength)
    classes = _jnp.arange(length)
    hits = x[..., None] == classes
    if weights is None:
        return _jnp.sum(hits, axis=0, dtype=_jnp.int32)
    return _jnp.sum(where(hits, asarray(weights)[..., None], 0), axis=0)


def atleast_1d(*arys):
    out = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1) for a in arys]
    return out[0] if len(out) == 1 else out


def atleast_2d(*arys):
    out = []
    for a in arys:
        a = asarray(a)
        out.append(a if a.ndim >= 2 else a.reshape((1,) * (2 - a.ndim) + a.shape))
    return out[0] if len(out) == 1 else out


def atleast_3d(*arys):
    out = []
    for a in arys:
        a = asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, a.shape[0], 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape + (1,))
        out.append(a)
    return out[0] if len(out) == 1 else out


def column_stack(tup):
    return concatenate([a if asarray(a).ndim >= 2 else asarray(a).reshape(-1, 1) for a in tup],
                       axis=1)


def dstack(tup):
    return concatenate([atleast_3d(a) for a in tup], axis=2)


def hsplit(ary, indices_or_sections):
    return _jnp.split(ary, indices_or_sections, axis=1 if asarray(ary).ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return _jnp.split(ary, indices_or_sections, axis=0)


def append(arr, values, axis=None):
    if axis is None:
        return concatenate([asarray(arr).reshape(-1), asarray(values).reshape(-1)])
    return concatenate([asarray(arr), asarray(values)], axis=axis)


def ediff1d(ary, to_end=None, to_begin=None):
    a = asarray(ary).reshape(-1)
    d = a[1:] - a[:-1]
    parts = []
    if to_begin is not None:
        parts.append(asarray(to_begin, dtype=a.dtype).reshape(-1))
    parts.append(d)
    if to_end is not None:
        parts.append(asarray(to_end, dtype=a.dtype).reshape(-1))
    return concatenate(parts) if len(parts) > 1 else d


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    return _jnp.power(base, _jnp.linspace(start, stop, num, endpoint=endpoint, dtype=dtype,
                                          axis=axis)).astype(dtype or _jnp.float32)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    out = _jnp.exp(_jnp.linspace(_jnp.log(asarray(start, dtype=_jnp.float32)),
                                 _jnp.log(asarray(stop, dtype=_jnp.float32)), num,
                                 endpoint=endpoint, axis=axis))
    return out.astype(dtype or _jnp.float32)


def tri(N, M=None, k=0, dtype=None):
    M = N if M is None else M
    mask = _jnp.arange(M)[None, :] <= _jnp.arange(N)[:, None] + k
    return mask.astype(dtype or _jnp.float32)


def vander(x, N=None, increasing=False):
    x = asarray(x)
    N = x.shape[0] if N is None else N
    powers = _jnp.arange(N) if increasing else _jnp.arange(N - 1, -1, -1)
    return x[:, None] ** powers[None, :]


def polyval(p, x):
    p = asarray(p)
    x = asarray(x)
    y = zeros_like(x * p[0]) if p.shape[0] else zeros_like(x)
    for k in range(p.shape[0]):
        y = y * x + p[k]
    return y


def array_equal(a1, a2, equal_nan=False):
    a1 = asarray(a1)
    a2 = asarray(a2)
    if a1.shape != a2.shape:
        return _jnp.array(False)
    eq = a1 == a2
    if equal_nan:
        eq = eq | (_jnp.isnan(a1) & _jnp.isnan(a2))
    return _jnp.all(eq)


def array_equiv(a1, a2):
    try:
        return _jnp.all(asarray(a1) == asarray(a2))
    except ValueError:
        return _jnp.array(False)


def isin(element, test_elements, invert=False):
    e = asarray(element)
    t = asarray(test_elements).reshape(-1)
    r = _jnp.any(e[..., None] == t, axis=-1)
    return _jnp.logical_not(r) if invert else r


def sinc(x):
    x = asarray(x)
    if not _jnp.issubdtype(x.dtype, _jnp.floating):
        x = x.astype(_jnp.float32)
    px = _jnp.pi * where(x == 0, 1.0, x)
    # At 0 the Maclaurin polynomial: value 1 and the right derivatives of
    # every order a program takes (grad, hessian) there.
    p = _jnp.pi * x
    p2 = p * p
    series = 1.0 - p2 / 6.0 + p2 * p2 / 120.0 - p2 * p2 * p2 / 5040.0
    return where(x == 0, series, _jnp.sin(px) / px)


def heaviside(x1, x2):
    x1 = asarray(x1)
    return where(x1 < 0, 0.0, where(x1 > 0, 1.0, x2)).astype(_jnp.result_type(x1, x2, 0.0))


def fmax(x1, x2):
    # A select, not maximum: at a tie x2 wins, so the gradient goes to x2
    # alone (as JAX), not half to each.
    x1, x2 = asarray(x1), asarray(x2)
    return where((x1 > x2) | _jnp.isnan(x2), x1, x2)


def fmin(x1, x2):
    x1, x2 = asarray(x1), asarray(x2)
    return where((x1 < x2) | _jnp.isnan(x2), x1, x2)


def float_power(x1, x2):
    return _jnp.power(asarray(x1).astype(_jnp.float32), asarray(x2).astype(_jnp.float32))


def signbit(x):
    x = asarray(x)
    if _jnp.issubdtype(x.dtype, _jnp.floating):
        return (x < 0) | ((x == 0) & (1 / where(x == 0, x, 1) < 0))
    return x < 0


def _float_of(x):
    x = asarray(x)
    return x if _jnp.issubdtype(x.dtype, _jnp.floating) else x.astype(_jnp.float32)


def radians(x):
    return _float_of(x) * (_math.pi / 180)


def degrees(x):
    return _float_of(x) * (180 / _math.pi)


deg2rad = radians
rad2deg = degrees


def logaddexp2(x1, x2):
    ln2 = 0.6931471805599453
    return _jnp.logaddexp(asarray(x1) * ln2, asarray(x2) * ln2) / ln2


def unravel_index(indices, shape):
    idx = asarray(indices)
    out = []
    for d in reversed(tuple(shape)):
        out.append(idx % d)
        idx = idx // d
    return tuple(reversed(out))


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    flat = zeros_like(asarray(multi_index[0]))
    for i, d in zip(multi_index, dims):
        flat = flat * d + asarray(i)
    return flat


def indices(dimensions, dtype=None, sparse=False):
    dims = tuple(dimensions)
    grids = []
    for k, d in enumerate(dims):
        shape_ = [1] * len(dims)
        shape_[k] = d
        g = _jnp.arange(d, dtype=dtype or _jnp.int32).reshape(tuple(shape_))
        grids.append(g if sparse else _jnp.broadcast_to(g, dims))
    return tuple(grids) if sparse else stack(grids)


def fill_diagonal(a, val, wrap=False, *, inplace=True):
    if inplace:
        raise ValueError('JAX arrays are immutable, so fill_diagonal(..., inplace=True) is not '
                         'supported. Use inplace=False instead.')
    a = asarray(a)
    n = min(a.shape)
    idx = _jnp.arange(n)
    return a.at[(idx,) * a.ndim].set(val)


def digitize(x, bins, right=False):
    x = asarray(x)
    bins = asarray(bins)
    increasing = bins[-1] >= bins[0] if bins.shape[0] > 1 else True
    side = 'left' if right else 'right'
    up = searchsorted(bins, x, side=side)
    down = bins.shape[0] - searchsorted(_jnp.flip(bins), x, side='right' if right else 'left')
    return where(increasing, up, down)


def argwhere(a, *, size=None, fill_value=None):
    a = asarray(a)
    if size is None:
        nz = _jnp.nonzero(a)
        return stack(nz, axis=-1) if a.ndim else _jnp.zeros((int(a != 0), 0), _jnp.int32)
    nz = _jnp.nonzero(a, size=size, fill_value=fill_value)
    return stack(nz, axis=-1)


def flatnonzero(a, *, size=None, fill_value=None):
    if size is None:
        return _jnp.nonzero(asarray(a).reshape(-1))[0]
    return _jnp.nonzero(asarray(a).reshape(-1), size=size, fill_value=fill_value)[0]


_FLOAT_INFO = {
    # bits, eps, max, tiny (smallest normal), resolution
    'float32': (32, 1.1920929e-07, 3.4028235e+38, 1.1754944e-38, 1e-06),
    'float16': (16, 0.000977, 65504.0, 6.104e-05, 0.001),
    'bfloat16': (16, 0.0078125, 3.38953139e+38, 1.17549435e-38, 0.01),
}


class finfo:
    """Machine limits of a float dtype (values as arrays of that dtype)."""

    def __init__(self, dtype):
        dt = _jnp.dtype(dtype) if not hasattr(dtype, 'dtype') else dtype.dtype
        name = str(dt)
        if name not in _FLOAT_INFO:
            raise ValueError('data type ' + repr(name) + ' not inexact')
        bits, eps, big, tiny, res = _FLOAT_INFO[name]
        self.dtype = dt
        self.bits = bits
        self.eps = asarray(eps, dtype=dt)
        self.max = asarray(big, dtype=dt)
        self.min = asarray(-big, dtype=dt)
        self.tiny = asarray(tiny, dtype=dt)
        self.smallest_normal = self.tiny
        self.resolution = asarray(res, dtype=dt)


class iinfo:
    """Limits of an integer dtype."""

    def __init__(self, int_type):
        dt = _jnp.dtype(int_type) if not hasattr(int_type, 'dtype') else int_type.dtype
        name = str(dt)
        if name == 'bool':
            raise ValueError('Invalid integer data type ' + repr(name) + '.')
        if name.startswith('uint'):
            bits = int(name[4:])
            self.min, self.max = 0, 2 ** bits - 1
        elif name.startswith('int'):
            bits = int(name[3:])
            self.min, self.max = -2 ** (bits - 1), 2 ** (bits - 1) - 1
        else:
            raise ValueError('Invalid integer data type ' + repr(name) + '.')
        self.bits = bits
        self.dtype = dt


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, size=None, fill_value=None, sorted=True):
    """The sorted distinct values. Its length depends on the data, so under
    a trace `size=` must be given (as JAX requires)."""
    if axis is not None:
        raise NotImplementedError('jnp.unique(axis=) is not implemented in parax')
    a = asarray(ar)
    flat = a.reshape(-1)
    n = flat.shape[0]
    perm = _jnp.argsort(flat)
    s = take(flat, perm)
    if n == 0:
        first = _jnp.zeros((0,), bool)
    else:
        differs = s[1:] != s[:-1]
        if equal_nan and _jnp.issubdtype(s.dtype, _jnp.floating):
            differs = differs & _jnp.logical_not(_jnp.isnan(s[1:]) & _jnp.isnan(s[:-1]))
        first = concatenate([_jnp.ones((1,), bool), differs])
    if size is None:
        idx = _jnp.nonzero(first)[0]
    else:
        idx = _jnp.nonzero(first, size=size, fill_value=n)[0]
    valid = idx < n
    safe = _jnp.minimum(idx, max(n - 1, 0))
    values = take(s, safe) if n else s
    if size is not None and n:
        fill = s[0] if fill_value is None else fill_value
        values = where(valid, values, fill)
    out = [values]
    if return_index:
        out.append(where(valid, take(perm, safe), 0) if n else perm)
    if return_inverse:
        group = _jnp.cumsum(first.astype(_jnp.int32)) - 1
        inverse = _jnp.zeros((n,), _jnp.int32).at[perm].set(group)
        out.append(inverse.reshape(a.shape))
    if return_counts:
        ends = concatenate([idx[1:], asarray([n], dtype=idx.dtype)])
        counts = where(valid, _jnp.minimum(ends, n) - idx, 0)
        out.append(counts)
    return out[0] if len(out) == 1 else tuple(out)


def copysign(x1, x2):
    # |x1| with the sign bit of x2 (signed zeros included).
    x1, x2 = _float_of(x1), asarray(x2)
    return where(signbit(x2), -_jnp.abs(x1), _jnp.abs(x1))


def hypot(x1, x2):
    # Scaled by the larger magnitude, so squares neither overflow nor
    # underflow; 0 where both are 0 (and its gradient finite).
    x1, x2 = _jnp.abs(_float_of(x1)), _jnp.abs(_float_of(x2))
    hi = _jnp.maximum(x1, x2)
    lo = _jnp.minimum(x1, x2)
    safe = where(hi == 0, 1.0, hi)
    r = lo / safe
    return where(hi == 0, 0.0, hi * _jnp.sqrt(1.0 + r * r))


def cumulative_sum(x, *, axis=None, dtype=None, include_initial=False):
    x = asarray(x)
    if axis is None:
        if x.ndim != 1:
            raise ValueError('The input array has rank ' + str(x.ndim) + ', however axis was not '
                             'set to an explicit value. The axis argument is only optional for '
                             'one-dimensional arrays.')
        axis = 0
    out = _jnp.cumsum(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = list(out.shape)
        shape[axis % out.ndim] = 1
        out = _jnp.concatenate([_jnp.zeros(shape, out.dtype), out], axis=axis)
    return out


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = _float_of(y)
    y = _jnp.moveaxis(y, axis, -1)
    if x is None:
        return _jnp.sum((y[..., 1:] + y[..., :-1]) * 0.5, axis=-1) * dx
    x = _jnp.moveaxis(asarray(x), axis, -1) if asarray(x).ndim > 1 else asarray(x)
    d = x[..., 1:] - x[..., :-1]
    return _jnp.sum(d * (y[..., 1:] + y[..., :-1]) * 0.5, axis=-1)


def matrix_transpose(x):
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError('x must be at least two-dimensional for matrix_transpose; got ndim=' +
                         str(x.ndim))
    return _jnp.swapaxes(x, -1, -2)
