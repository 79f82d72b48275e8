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
