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


def _fill_for(dtype):
    # What an out-of-range 'fill' read gives by default: NaN for inexact
    # types, the most negative signed / largest unsigned value, True.
    if _jnp.issubdtype(dtype, _jnp.floating):
        return _jnp.nan
    if dtype == _jnp.bool_:
        return True
    info = _jnp.iinfo(dtype)
    return info.min if _jnp.issubdtype(dtype, _jnp.signedinteger) else info.max


def take_along_axis(arr, indices, axis, mode=None, fill_value=None):
    arr = asarray(arr)
    indices = asarray(indices)
    if axis is None:
        arr, indices, axis = arr.reshape(-1), indices.reshape(-1), 0
    axis = _axis(axis, arr.ndim)
    if mode is None:
        mode = 'fill'
    if mode not in ('fill', 'clip', 'promise_in_bounds'):
        raise ValueError('Invalid mode ' + repr(mode) + ' for take_along_axis')
    import _parax_sharding as _ps
    split = _ps.get(arr)
    if split is not None:
        # JAX's gather keeps the splits of the dims it does not index: the
        # flat gather below runs unsplit and the result takes them back.
        arr, indices = _ps.unshard(arr), _ps.unshard(indices)
        out = take_along_axis(arr, indices, axis, mode, fill_value)
        parts = split.spec._normalized(arr.ndim)
        if out.shape == arr.shape[:axis] + (out.shape[axis],) + arr.shape[axis + 1:] and \
                not parts[axis]:
            from jax.sharding import _named
            out = _ps.attach(out, _named(split.mesh, parts))
        return out
    a = moveaxis(arr, axis, -1)
    i = moveaxis(indices, axis, -1)
    n = a.shape[-1]
    # Negative indices count from the end in every mode, as JAX normalises them.
    i = where(i < 0, i + n, i)
    valid = (i >= 0) & (i < n)
    i = _jnp.clip(i, 0, max(n - 1, 0))
    shape = broadcast_shapes(a.shape[:-1], i.shape[:-1])
    a = _jnp.broadcast_to(a, shape + (n,))
    i = _jnp.broadcast_to(i, shape + (i.shape[-1],))
    valid = _jnp.broadcast_to(valid, i.shape)
    rows = 1
    for d in shape:
        rows *= d
    offsets = _jnp.arange(rows, dtype=_jnp.int32).reshape(shape + (1,)) * n
    out = take(a.reshape(-1), (i + offsets).reshape(-1), mode='promise_in_bounds').reshape(i.shape)
    if mode == 'fill':
        fill = _fill_for(arr.dtype) if fill_value is None else fill_value
        out = where(valid, out, _jnp.asarray(fill).astype(arr.dtype))
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


# ---------------------------------------------------------------------------
# More of jnp, composed of the functions above (so it traces and
# differentiates like them). Where JAX's result differs from numpy's (the
# order partition leaves, the namedtuples of unique_*), JAX's is followed.
import collections as _collections


from _parax_lazy import jax as _jax, lax as _lax, tree_util as _tu

acosh = _jnp.arccosh
asinh = _jnp.arcsinh
atanh = _jnp.arctanh
bitwise_invert = _jnp.invert
bitwise_left_shift = _jnp.left_shift
bitwise_right_shift = _jnp.right_shift
uint = _jnp.uint32


def bitwise_count(x):
    return _lax.population_count(_jnp.abs(asarray(x))).astype(_jnp.uint8)


def fliplr(m):
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError('fliplr requires an array with at least 2 dimensions, got ndim=' +
                         str(m.ndim))
    return _jnp.flip(m, 1)


def flipud(m):
    m = asarray(m)
    if m.ndim < 1:
        raise ValueError('flipud requires an array with at least 1 dimension, got ndim=' +
                         str(m.ndim))
    return _jnp.flip(m, 0)


def rollaxis(a, axis, start=0):
    a = asarray(a)
    n = a.ndim
    axis = _axis(axis, n)
    if start < 0:
        start += n
    if not 0 <= start <= n:
        raise ValueError('start=' + str(start) + ' must satisfy 0 <= start <= ' + str(n))
    if start > axis:
        start -= 1
    return moveaxis(a, axis, start)


def _inexact(*xs):
    xs = [asarray(x) for x in xs]
    dt = _jnp.result_type(*xs)
    if not _jnp.issubdtype(dt, _jnp.floating):
        dt = _jnp.float32 if not _jax.config.jax_enable_x64 else _jnp.float64
    return [x.astype(dt) for x in xs]


def hypot(x1, x2):
    x1, x2 = _inexact(x1, x2)
    x1, x2 = _jnp.abs(x1), _jnp.abs(x2)
    idx_inf = _jnp.isinf(x1) | _jnp.isinf(x2)
    x1, x2 = _jnp.maximum(x1, x2), _jnp.minimum(x1, x2)
    x = where(x1 == 0, x1, x1 * _jnp.sqrt(1 + _jnp.square(x2 / where(x1 == 0, 1, x1))))
    return where(idx_inf, _jnp.inf, x)


def copysign(x1, x2):
    x1, x2 = _inexact(x1, x2)
    return where(signbit(x2), -_jnp.abs(x1), _jnp.abs(x1))


def fabs(x):
    x, = _inexact(x)
    return _jnp.abs(x)


def gcd(x1, x2):
    x1, x2 = asarray(x1), asarray(x2)
    if not (_jnp.issubdtype(x1.dtype, _jnp.integer) and _jnp.issubdtype(x2.dtype, _jnp.integer)):
        raise ValueError('Arguments to jax.numpy.gcd must be integers.')
    a, b = _jnp.broadcast_arrays(_jnp.abs(x1), _jnp.abs(x2))
    dt = _jnp.result_type(x1, x2)
    a, b = a.astype(dt), b.astype(dt)

    def cond(s):
        return _jnp.any(s[1] != 0)

    def body(s):
        x, y = s
        nz = y != 0
        safe = where(nz, y, 1)
        return where(nz, y, x), where(nz, x % safe, 0)

    return _lax.while_loop(cond, body, (a, b))[0]


def lcm(x1, x2):
    x1, x2 = asarray(x1), asarray(x2)
    d = gcd(x1, x2)
    return where(d == 0, _jnp.zeros_like(d), _jnp.abs(_jnp.multiply(x1, x2) // where(d == 0, 1, d)))


def frexp(x):
    x, = _inexact(x)
    dt = x.dtype
    ibits = {2: _jnp.int16, 4: _jnp.int32, 8: _jnp.int64}[dt.itemsize]
    nmant = {2: 10, 4: 23, 8: 52}[dt.itemsize]
    bias = {2: 15, 4: 127, 8: 1023}[dt.itemsize]
    subnormal = (x != 0) & (_jnp.abs(x) < _jnp.finfo(dt).tiny)
    xs = where(subnormal, x * (2.0 ** nmant), x)
    bits = _lax.bitcast_convert_type(xs, ibits)
    e = ((bits >> nmant) & ((1 << (dt.itemsize * 8 - 1 - nmant)) - 1)).astype(_jnp.int32)
    exponent = e - (bias - 1) - where(subnormal, nmant, 0)
    mant_bits = (bits & ~(((1 << (dt.itemsize * 8 - 1 - nmant)) - 1) << nmant)) | \
        ((bias - 1) << nmant)
    mantissa = _lax.bitcast_convert_type(mant_bits.astype(ibits), dt)
    special = (x == 0) | _jnp.isinf(x) | _jnp.isnan(x)
    return where(special, x, mantissa), where(special, 0, exponent).astype(_jnp.int32)


def ldexp(x1, x2):
    x1 = asarray(x1)
    x2 = asarray(x2)
    if not _jnp.issubdtype(x2.dtype, _jnp.integer):
        raise ValueError('ldexp second argument must be of integer dtype')
    x1, = _inexact(x1)
    # Two steps so that 2**x2 itself does not overflow or underflow.
    h = x2 // 2
    return x1 * _jnp.exp2(h.astype(x1.dtype)) * _jnp.exp2((x2 - h).astype(x1.dtype))


def modf(x, out=None):
    x, = _inexact(x)
    whole = _jnp.trunc(x)
    return x - whole, whole


def divmod(x1, x2):
    return _jnp.floor_divide(x1, x2), _jnp.remainder(x1, x2)


def nextafter(x1, x2):
    return _lax.nextafter(*_inexact(x1, x2))


def spacing(x):
    x, = _inexact(x)
    inf = _jnp.asarray(_jnp.inf, x.dtype)
    out = _lax.nextafter(x, where(signbit(x), -inf, inf)) - x
    return where(_jnp.isinf(x), _jnp.nan, out)


def isposinf(x, out=None):
    x = asarray(x)
    return _jnp.isinf(x) & (x > 0)


def isneginf(x, out=None):
    x = asarray(x)
    return _jnp.isinf(x) & (x < 0)


def isreal(x):
    return _jnp.ones(_jnp.shape(x), bool)


def iscomplex(x):
    return _jnp.zeros(_jnp.shape(x), bool)


def isrealobj(x):
    return not _jnp.issubdtype(_jnp.result_type(x), _jnp.complexfloating)


def iscomplexobj(x):
    return _jnp.issubdtype(_jnp.result_type(x), _jnp.complexfloating)


def tril_indices(n, k=0, m=None):
    mask = tri(n, m, k, dtype=bool)
    return _jnp.nonzero(mask)


def triu_indices(n, k=0, m=None):
    mask = _jnp.logical_not(tri(n, m, k - 1, dtype=bool))
    return _jnp.nonzero(mask)


def tril_indices_from(arr, k=0):
    arr = asarray(arr)
    if arr.ndim != 2:
        raise ValueError('Input must be 2-dimensional.')
    return tril_indices(arr.shape[0], k, arr.shape[1])


def triu_indices_from(arr, k=0):
    arr = asarray(arr)
    if arr.ndim != 2:
        raise ValueError('Input must be 2-dimensional.')
    return triu_indices(arr.shape[0], k, arr.shape[1])


def diag_indices(n, ndim=2):
    if n < 0:
        raise ValueError('n argument to diag_indices must be nonnegative, got ' + str(n))
    if ndim < 0:
        raise ValueError('ndim argument to diag_indices must be nonnegative, got ' + str(ndim))
    return (_jnp.arange(n),) * ndim


def diag_indices_from(arr):
    arr = asarray(arr)
    if arr.ndim < 2:
        raise ValueError('input array must be at least 2-d')
    if len(set(arr.shape)) != 1:
        raise ValueError('All dimensions of input must be of equal length')
    return diag_indices(arr.shape[0], arr.ndim)


def mask_indices(n, mask_func, k=0, *, size=None):
    a = mask_func(_jnp.ones((n, n)), k)
    return _jnp.nonzero(a, size=size) if size is not None else _jnp.nonzero(a)


def diagflat(v, k=0):
    return diag(asarray(v).reshape(-1), k)


def dsplit(ary, indices_or_sections):
    ary = asarray(ary)
    if ary.ndim < 3:
        raise ValueError('dsplit only works on arrays of 3 or more dimensions')
    return _jnp.split(ary, indices_or_sections, axis=2)


def _slice_bounds(s):
    return s.start, s.stop, s.step


def _grid_axis(s):
    if isinstance(s, (int, float)) or not hasattr(s, 'step'):
        return None
    start = 0 if s.start is None else s.start
    step = 1 if s.step is None else s.step
    return _jnp.arange(start, s.stop, step)


class _MGrid:
    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        single = not isinstance(key, tuple)
        keys = (key,) if single else key
        axes = [_grid_axis(k) for k in keys]
        if single:
            return axes[0]
        if not axes:
            return _jnp.zeros((0,))
        dt = _jnp.result_type(*axes)
        axes = [a.astype(dt) for a in axes]
        grids = meshgrid(*axes, indexing='ij', sparse=self.sparse)
        return list(grids) if self.sparse else stack(grids, 0)


mgrid = _MGrid(False)
ogrid = _MGrid(True)


class _Concatenator:
    def __init__(self, axis, ndmin, trans1d):
        self.axis, self.ndmin, self.trans1d = axis, ndmin, trans1d

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        parts = []
        for i, item in enumerate(keys):
            if isinstance(item, str):
                if i != 0:
                    raise ValueError('string directive must be placed at the beginning')
                fields = [int(f) for f in item.split(',')]
                axis = fields[0]
                if len(fields) > 1:
                    ndmin = fields[1]
                if len(fields) > 2:
                    trans1d = fields[2]
                continue
            g = _grid_axis(item) if not isinstance(item, (int, float, bool)) and \
                hasattr(item, 'stop') else None
            arr = g if g is not None else asarray(item)
            if arr.ndim < ndmin:
                nd = arr.ndim
                shape = (1,) * (ndmin - nd) + tuple(arr.shape)
                arr = arr.reshape(shape)
                if trans1d != -1 and nd > 0:
                    arr = transpose(arr, _c_perm(ndmin, nd, trans1d % ndmin))
            parts.append(arr if arr.ndim else arr.reshape(1))
        return concatenate(parts, axis=axis)


def _c_perm(ndmin, nd, t):
    # numpy's AxisConcatenator: the original axes land starting at `t`.
    axes = list(range(ndmin))
    orig = axes[ndmin - nd:]
    rest = axes[:ndmin - nd]
    return rest[:t] + orig + rest[t:]


r_ = _Concatenator(0, 1, -1)
c_ = _Concatenator(-1, 2, 0)


class _IndexExp:
    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


s_ = _IndexExp(False)
index_exp = _IndexExp(True)


def ix_(*args):
    n = len(args)
    out = []
    for i, a in enumerate(args):
        a = asarray(a)
        if a.ndim != 1:
            raise ValueError('Arguments to jax.numpy.ix_ must be 1-dimensional, got shape ' +
                             str(tuple(a.shape)))
        if a.dtype == bool:
            raise NotImplementedError('Boolean arguments to jax.numpy.ix_ are not supported')
        shape = [1] * n
        shape[i] = a.shape[0]
        out.append(a.reshape(tuple(shape)))
    return tuple(out)


def fromfunction(function, shape, *, dtype=float, **kwargs):
    shape = tuple(shape)
    dt = _jnp.float32 if dtype is float else dtype
    grids = [_lax.broadcasted_iota(dt, shape, i) for i in range(len(shape))]
    return function(*grids, **kwargs)


def fromiter(iterable, dtype=None, count=-1, *, like=None):
    # As in JAX: consuming an iterator is not pure.
    raise NotImplementedError(
        'jnp.fromiter() is not implemented because it may be non-pure and thus unsafe for use '
        'with JIT and other JAX transformations. Consider using jnp.asarray(np.fromiter(...)) '
        'instead, although care should be taken if np.fromiter is used within a jax '
        'transformations because of its potential side-effect of consuming the iterable object; '
        'for more information see https://docs.jax.dev/en/latest/notebooks/'
        'Common_Gotchas_in_JAX.html#pure-functions')


def gradient(f, *varargs, axis=None, edge_order=None):
    if edge_order is not None:
        raise NotImplementedError("The 'edge_order' argument to jnp.gradient is not supported.")
    arrs = _inexact(f, *varargs) if varargs else _inexact(f)
    a, spacing = arrs[0], arrs[1:]

    def along(a, h, ax):
        sl = lambda s, e: _lax.slice_in_dim(a, s, e, axis=ax)
        n = a.shape[ax]
        upper = sl(1, 2) - sl(0, 1)
        lower = sl(n - 1, n) - sl(n - 2, n - 1)
        if h.ndim == 0:
            inner = (sl(2, n) - sl(0, n - 2)) * 0.5 / h
            lower = lower / h
            upper = upper / h
        else:
            if h.shape[0] != n:
                raise ValueError('Spacing arrays must have the same length as the dimension '
                                 'along which the gradient is calculated.')
            hs = [1] * a.ndim
            hs[ax] = n
            h = h.reshape(tuple(hs))
            sx = lambda s, e: _lax.slice_in_dim(h, s, e, axis=ax)
            upper = upper / (sx(1, 2) - sx(0, 1))
            lower = lower / (sx(n - 1, n) - sx(n - 2, n - 1))
            dx1 = sx(1, n - 1) - sx(0, n - 2)
            dx2 = sx(2, n) - sx(1, n - 1)
            ca = -dx2 / (dx1 * (dx1 + dx2))
            cb = (dx2 - dx1) / (dx1 * dx2)
            cc = dx1 / (dx2 * (dx1 + dx2))
            inner = ca * sl(0, n - 2) + cb * sl(1, n - 1) + cc * sl(2, n)
        return concatenate((upper, inner, lower), axis=ax)

    if axis is None:
        axes = tuple(range(a.ndim))
    else:
        axes = tuple(_axis(i, a.ndim) for i in ((axis,) if isinstance(axis, int) else axis))
    if not axes:
        return []
    if min(a.shape[i] for i in axes) < 2:
        raise ValueError('Shape of array too small to calculate a numerical gradient, at least '
                         '2 elements are required.')
    if len(spacing) == 0:
        dx = [asarray(1.0, a.dtype)] * len(axes)
    elif len(spacing) == 1:
        dx = list(spacing) * len(axes)
    elif len(spacing) == len(axes):
        dx = list(spacing)
    else:
        raise TypeError('Invalid number of spacing arguments ' + str(len(spacing)) +
                        ' for axis=' + str(axis))
    grads = [along(a, h, ax) for ax, h in zip(axes, dx)]
    return grads[0] if len(axes) == 1 else grads


def trapezoid(y, x=None, dx=1.0, axis=-1):
    if x is None:
        y_arr, = _inexact(y)
        dx_arr = asarray(dx)
        if dx_arr.ndim > 0:
            dx_arr = dx_arr.reshape((1,) * (y_arr.ndim - dx_arr.ndim) + tuple(dx_arr.shape))
            dx_arr = moveaxis(dx_arr, axis, -1)
    else:
        y_arr, x_arr = _inexact(y, x)
        dx_arr = diff(x_arr) if x_arr.ndim == 1 else moveaxis(diff(x_arr, axis=axis), axis, -1)
    y_arr = moveaxis(y_arr, axis, -1)
    if dx_arr.ndim == 0 or dx_arr.shape[-1] == 1:
        dxr = dx_arr if dx_arr.ndim == 0 else dx_arr[..., 0]
        return dxr * (y_arr.sum(-1) - 0.5 * (y_arr[..., 0] + y_arr[..., -1]))
    return 0.5 * (dx_arr * (y_arr[..., 1:] + y_arr[..., :-1])).sum(-1)


def _poly_trim(p, trim_leading_zeros):
    p = _jnp.atleast_1d(asarray(p))
    if trim_leading_zeros and p.shape[0] > 1:
        nz = _jnp.nonzero(p)[0]
        start = int(nz[0]) if nz.shape[0] else p.shape[0] - 1
        p = p[start:]
    return p


def polyadd(a1, a2):
    a1, a2 = _jnp.atleast_1d(asarray(a1)), _jnp.atleast_1d(asarray(a2))
    n = max(a1.shape[0], a2.shape[0])
    a1 = pad(a1, (n - a1.shape[0], 0))
    a2 = pad(a2, (n - a2.shape[0], 0))
    return a1 + a2


def polysub(a1, a2):
    return polyadd(a1, -asarray(a2))


def polymul(a1, a2, *, trim_leading_zeros=False):
    a1 = _poly_trim(a1, trim_leading_zeros)
    a2 = _poly_trim(a2, trim_leading_zeros)
    if a1.shape[0] == 0:
        a1 = asarray([0], a1.dtype)
    if a2.shape[0] == 0:
        a2 = asarray([0], a2.dtype)
    return convolve(a1, a2, mode='full')


def polyder(p, m=1):
    p, = _inexact(p)
    if m < 0:
        raise ValueError('Order of derivative must be positive')
    if m == 0:
        return p
    n = p.shape[0]
    coeff = (_jnp.arange(n, 0, -1)[None, :] - 1 - _jnp.arange(m)[:, None]).prod(0)
    return p[:-m] * coeff[:-m].astype(p.dtype)


def polyint(p, m=1, k=None):
    p, = _inexact(p)
    if m < 0:
        raise ValueError('Order of integral must be positive (see polyder)')
    k = _jnp.zeros(m, p.dtype) if k is None else _jnp.atleast_1d(asarray(k, p.dtype))
    if k.shape[0] == 1:
        k = _jnp.broadcast_to(k, (m,))
    if m == 0:
        return p
    n = p.shape[0]
    grid = _jnp.arange(n + m, dtype=p.dtype)[None, :] - _jnp.arange(m, dtype=p.dtype)[:, None]
    coeff = _jnp.maximum(1, grid).prod(0)[::-1]
    return _jnp.true_divide(concatenate((p, k)), coeff)


def polydiv(u, v, *, trim_leading_zeros=False):
    u, v = _inexact(u, v)
    m = u.shape[0] - 1
    n = v.shape[0] - 1
    scale = 1. / v[0]
    q = _jnp.zeros(max(m - n + 1, 1), u.dtype)
    for k in range(0, m - n + 1):
        d = scale * u[k]
        q = q.at[k].set(d)
        u = u.at[k:k + n + 1].add(-d * v)
    if trim_leading_zeros:
        u = _poly_trim(u, True)
    return q, u


def poly(seq_of_zeros):
    a = _jnp.atleast_1d(asarray(seq_of_zeros))
    if a.ndim == 2 and a.shape[0] == a.shape[1]:
        raise NotImplementedError('jnp.poly of a square matrix (its eigenvalues) is not '
                                  'implemented in parax')
    a, = _inexact(a)
    out = _jnp.ones((1,), a.dtype)
    for i in range(a.shape[0]):
        out = convolve(out, asarray([1, -a[i]], a.dtype), mode='full')
    return out


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    x, y = _inexact(x, y)
    order = deg + 1
    if deg < 0:
        raise ValueError('expected deg >= 0')
    if x.ndim != 1:
        raise TypeError('expected 1D vector for x')
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError('expected 1D or 2D array for y')
    if x.shape[0] != y.shape[0]:
        raise TypeError('expected x and y to have same length')
    if rcond is None:
        rcond = x.shape[0] * float(_jnp.finfo(x.dtype).eps)
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w, = _inexact(w)
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    scale = _jnp.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale[None, :]
    c, resids, rank, s = _jnp.linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale[None, :]).T if c.ndim > 1 else c / scale
    if full:
        return c, resids, rank, s, asarray(rcond)
    if cov:
        vbase = _jnp.linalg.inv(_jnp.dot(lhs.T, lhs)) / _jnp.outer(scale, scale)
        if cov == 'unscaled':
            fac = asarray(1.0)
        else:
            if x.shape[0] <= order:
                raise ValueError('the number of data points must exceed order to scale the '
                                 'covariance matrix')
            fac = resids / (x.shape[0] - order)
        if y.ndim == 1:
            return c, vbase * _jnp.atleast_1d(fac)[None]
        return c, vbase[:, :, None] * fac
    return c


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    if isinstance(bins, str):
        raise NotImplementedError('string values for `bins` not implemented.')
    arr, = _inexact(a)
    dt = arr.dtype
    if _jnp.ndim(bins) == 1:
        return asarray(bins, dtype=dt)
    nb = int(bins)
    if range is None:
        range = [arr.min(), arr.max()]
    rng = asarray(range, dtype=dt)
    if tuple(rng.shape) != (2,):
        raise ValueError('`range` must be either None or a sequence of scalars, got ' + str(range))
    same = ptp(rng) == 0
    lo = where(same, rng[0] - 0.5, rng[0])
    hi = where(same, rng[1] + 0.5, rng[1])
    # JAX's linspace formula, written out so traced bounds work under jit.
    step = (_jnp.arange(nb, dtype=dt) / _jnp.asarray(nb, dt)).astype(dt)
    inner = lo * (1 - step) + hi * step
    return concatenate([inner, _jnp.reshape(hi, (1,)).astype(dt)])


def histogram(a, bins=10, range=None, weights=None, density=None):
    if weights is None:
        a, = _inexact(a)
        weights = _jnp.ones_like(a)
    else:
        a, weights = _inexact(a, weights)
        if tuple(a.shape) != tuple(weights.shape):
            raise ValueError('weights should have the same shape as a.')
    edges = histogram_bin_edges(a, bins, range, weights)
    idx = _jnp.searchsorted(edges, a, side='right')
    idx = where(a == edges[-1], edges.shape[0] - 1, idx)
    counts = _jnp.zeros(edges.shape[0], weights.dtype).at[idx].add(weights)[1:]
    if density:
        counts = counts / diff(edges) / counts.sum()
    return counts, edges


def histogramdd(sample, bins=10, range=None, weights=None, density=None):
    sample, = _inexact(sample)
    if sample.ndim == 1:
        sample = sample[:, None]
    n, d = sample.shape
    if weights is None:
        weights = _jnp.ones(n, _jnp.int32)
    else:
        weights = asarray(weights)
    if isinstance(bins, int) or _jnp.ndim(bins) == 0:
        bins = [bins] * d
    edges = []
    flat = _jnp.zeros(n, _jnp.int32)
    nbin = []
    for i in _builtin_range(d):
        e = histogram_bin_edges(sample[:, i], bins[i], None if range is None else range[i])
        k = _jnp.searchsorted(e, sample[:, i], side='right')
        k = where(sample[:, i] == e[-1], e.shape[0] - 1, k)
        edges.append(e)
        nbin.append(e.shape[0] + 1)
        flat = flat * (e.shape[0] + 1) + k
    total = 1
    for b in nbin:
        total *= b
    hist = _jnp.zeros(total, weights.dtype).at[flat].add(weights).reshape(tuple(nbin))
    core = tuple(_IXN[1:-1] for _ in nbin)
    hist = hist[core]
    if density:
        hist = hist.astype(sample.dtype)
        hist = hist / hist.sum()
        for i in _builtin_range(d):
            shape = [1] * d
            shape[i] = hist.shape[i]
            hist = hist / diff(edges[i]).reshape(tuple(shape))
    return hist, edges


class _IndexMakerN:
    def __getitem__(self, key):
        return key


_IXN = _IndexMakerN()
_builtin_range = range


def histogram2d(x, y, bins=10, range=None, weights=None, density=None):
    hist, edges = histogramdd(stack([asarray(x), asarray(y)], axis=1), bins, range, weights,
                              density)
    return hist, edges[0], edges[1]


def insert(arr, obj, values, axis=None):
    a = asarray(arr)
    values = asarray(values)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    idx = asarray(obj) if not hasattr(obj, 'indices') else _jnp.arange(n)[obj]
    scalar = idx.ndim == 0
    idx = _jnp.atleast_1d(idx)
    idx = where(idx < 0, idx + n, idx)
    if scalar:
        vshape = list(a.shape)
        vals = values
        if vals.ndim < a.ndim:
            vals = expand_dims(vals, axis)
        k = vals.shape[axis]
        vshape[axis] = k
        vals = _jnp.broadcast_to(vals, tuple(vshape)).astype(a.dtype)
        i = int(idx[0])
        before = _lax.slice_in_dim(a, 0, i, axis=axis)
        after = _lax.slice_in_dim(a, i, n, axis=axis)
        return concatenate([before, vals, after], axis=axis)
    k = idx.shape[0]
    vshape = list(a.shape)
    vshape[axis] = k
    vals = values
    if vals.ndim == 1 and a.ndim > 1 and vals.shape[0] == k:
        vals = moveaxis(vals.reshape((k,) + (1,) * (a.ndim - 1)), 0, axis)
    vals = _jnp.broadcast_to(vals, tuple(vshape)).astype(a.dtype)
    order = _jnp.argsort(idx, stable=True)
    sidx = idx[order]
    vals = _jnp.take(vals, order, axis=axis)
    new_pos = sidx + _jnp.arange(k)
    total = n + k
    is_new = _jnp.zeros(total, bool).at[new_pos].set(True)
    old_pos = _jnp.nonzero(~is_new, size=n)[0]
    shape = list(a.shape)
    shape[axis] = total
    out = _jnp.zeros(tuple(shape), a.dtype)
    out = moveaxis(out, axis, 0).at[old_pos].set(moveaxis(a, axis, 0))
    out = out.at[new_pos].set(moveaxis(vals, axis, 0))
    return moveaxis(out, 0, axis)


def delete(arr, obj, axis=None, *, assume_unique_indices=False):
    a = asarray(arr)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    if hasattr(obj, 'indices'):
        idx = _jnp.arange(n)[obj]
    else:
        idx = asarray(obj)
        if idx.dtype == bool:
            return _jnp.take(a, _jnp.nonzero(~idx)[0], axis=axis)
    idx = _jnp.atleast_1d(idx)
    idx = where(idx < 0, idx + n, idx)
    keep = _jnp.ones(n, bool).at[idx].set(False)
    return _jnp.take(a, _jnp.nonzero(keep)[0], axis=axis)


def _unique1d(x):
    return unique(asarray(x).reshape(-1))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False, *, size=None,
                fill_value=None):
    a1 = asarray(ar1).reshape(-1)
    a2 = asarray(ar2).reshape(-1)
    if return_indices:
        u1, i1 = unique(a1, return_index=True)
        u2, i2 = unique(a2, return_index=True)
    else:
        u1, u2 = unique(a1), unique(a2)
    mask = isin(u1, u2)
    vals = u1[mask]
    if not return_indices:
        return vals
    pos2 = _jnp.searchsorted(u2, vals)
    return vals, i1[mask], i2[pos2]


def union1d(ar1, ar2, *, size=None, fill_value=None):
    return unique(concatenate([asarray(ar1).reshape(-1), asarray(ar2).reshape(-1)]),
                  size=size, fill_value=fill_value)


def setdiff1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    u1 = unique(asarray(ar1).reshape(-1))
    return u1[~isin(u1, asarray(ar2).reshape(-1))]


def setxor1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    u1 = unique(asarray(ar1).reshape(-1))
    u2 = unique(asarray(ar2).reshape(-1))
    both = concatenate([u1[~isin(u1, u2)], u2[~isin(u2, u1)]])
    return sort(both)


UniqueAllResult = _collections.namedtuple('_UniqueAllResult',
                                          ['values', 'indices', 'inverse_indices', 'counts'])
UniqueCountsResult = _collections.namedtuple('_UniqueCountsResult', ['values', 'counts'])
UniqueInverseResult = _collections.namedtuple('_UniqueInverseResult',
                                              ['values', 'inverse_indices'])


def unique_values(x, *, size=None, fill_value=None):
    return unique(x, size=size, fill_value=fill_value)


def unique_counts(x, *, size=None, fill_value=None):
    v, c = unique(x, return_counts=True, size=size, fill_value=fill_value)
    return UniqueCountsResult(v, c)


def unique_inverse(x, *, size=None, fill_value=None):
    v, i = unique(x, return_inverse=True, size=size, fill_value=fill_value)
    return UniqueInverseResult(v, i)


def unique_all(x, *, size=None, fill_value=None):
    v, idx, inv, c = unique(x, return_index=True, return_inverse=True, return_counts=True,
                            size=size, fill_value=fill_value)
    return UniqueAllResult(v, idx, inv, c)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
                keepdims=False):
    a = asarray(a)
    if not _jnp.issubdtype(a.dtype, _jnp.floating):
        return quantile(a, q, axis=axis, method=method, keepdims=keepdims)
    qa = asarray(q)
    if axis is None:
        flat = a.reshape(-1)
        return _nanquantile_1d(flat, qa, method, keepdims, a.ndim)
    ax = _axis(axis, a.ndim)
    moved = moveaxis(a, ax, -1)
    lead = tuple(moved.shape[:-1])
    rows = moved.reshape((-1, moved.shape[-1]))
    res = stack([_nanquantile_1d(rows[i], qa, method, False, 1)
                 for i in _builtin_range(rows.shape[0])], axis=-1)
    res = res.reshape(tuple(qa.shape) + lead)
    if keepdims:
        res = expand_dims(res, qa.ndim + ax)
    return res


def _nanquantile_1d(v, q, method, keepdims, ndim):
    # Sort puts NaNs last; interpolate among the first `count` entries.
    s = sort(v)
    count = _jnp.sum(~_jnp.isnan(v))
    qf = q.astype(s.dtype) if _jnp.issubdtype(q.dtype, _jnp.floating) else q.astype(_jnp.float32)
    pos = qf * (count - 1).astype(qf.dtype)
    lo = _jnp.floor(pos)
    hi = _jnp.ceil(pos)
    n = s.shape[0]
    lo_i = _jnp.clip(lo.astype(_jnp.int32), 0, n - 1)
    hi_i = _jnp.clip(hi.astype(_jnp.int32), 0, n - 1)
    vlo, vhi = s[lo_i], s[hi_i]
    if method == 'linear':
        r = vlo + (vhi - vlo) * (pos - lo)
    elif method == 'lower':
        r = vlo
    elif method == 'higher':
        r = vhi
    elif method == 'nearest':
        r = s[_jnp.clip(_jnp.round(pos).astype(_jnp.int32), 0, n - 1)]
    elif method == 'midpoint':
        r = (vlo + vhi) / 2
    else:
        raise ValueError("method can only be 'linear', 'lower', 'higher', 'midpoint', or "
                         "'nearest'")
    r = where(count == 0, _jnp.nan, r)
    if keepdims:
        r = r.reshape(tuple(q.shape) + (1,) * ndim)
    return r


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
                  keepdims=False):
    return nanquantile(a, asarray(q) / 100, axis=axis, method=method, keepdims=keepdims)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return nanquantile(a, 0.5, axis=axis, keepdims=keepdims)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = asarray(arr)
    nd = arr.ndim
    axis = _axis(axis, nd)
    f = lambda x: func1d(x, *args, **kwargs)
    for i in _builtin_range(1, nd - axis):
        f = _jax.vmap(f, in_axes=i, out_axes=-1)
    for i in _builtin_range(axis):
        f = _jax.vmap(f, in_axes=0, out_axes=0)
    return f(arr)


def apply_over_axes(func, a, axes):
    a = asarray(a)
    for ax in axes:
        b = func(a, ax)
        a = b if b.ndim == a.ndim else expand_dims(b, ax)
    return a


def block(arrays):
    from _parax_block import assemble
    return assemble(arrays, asarray, concatenate, 'jax.numpy.block does not allow tuples, got ')


def partition(a, kth, axis=-1):
    arr = asarray(a)
    axis = _axis(axis, arr.ndim)
    n = arr.shape[axis]
    kth = _axis(kth, n)
    arr = _jnp.swapaxes(arr, axis, -1)
    if _jnp.issubdtype(arr.dtype, _jnp.unsignedinteger):
        bottom = -_lax.top_k(-(arr + 1), kth + 1)[0] - 1
    else:
        bottom = -_lax.top_k(-arr, kth + 1)[0]
    top = _lax.top_k(arr, n - kth - 1)[0]
    return _jnp.swapaxes(concatenate([bottom, top], axis=-1), -1, axis)


def argpartition(a, kth, axis=-1):
    arr = asarray(a)
    axis = _axis(axis, arr.ndim)
    n = arr.shape[axis]
    kth = _axis(kth, n)
    arr = _jnp.swapaxes(arr, axis, -1)
    if _jnp.issubdtype(arr.dtype, _jnp.unsignedinteger):
        bottom = _lax.top_k(-(arr + 1), kth + 1)[1]
    else:
        bottom = _lax.top_k(-arr, kth + 1)[1]
    proxy = _jnp.ones(arr.shape, _jnp.float32)
    proxy = put_along_axis(proxy, bottom, 0.0, axis=-1, inplace=False)
    top = _lax.top_k(proxy, n - kth - 1)[1]
    return _jnp.swapaxes(concatenate([bottom, top], axis=-1), -1, axis)


def lexsort(keys, axis=-1):
    keys = [asarray(k) for k in keys]
    if not keys:
        raise TypeError('need sequence of keys with len > 0 in lexsort')
    shape = tuple(keys[0].shape)
    axis = _axis(axis, len(shape))
    n = shape[axis]
    perm = _jnp.broadcast_to(_lax.broadcasted_iota(_jnp.int32, shape, axis), shape)
    for k in keys:
        kk = _jnp.take_along_axis(k, perm, axis=axis)
        order = _jnp.argsort(kk, axis=axis, stable=True)
        perm = _jnp.take_along_axis(perm, order, axis=axis)
    return perm


def choose(a, choices, out=None, mode='raise'):
    a = asarray(a)
    choices = [asarray(c) for c in choices]
    n = len(choices)
    if mode == 'wrap':
        a = a % n
    elif mode == 'clip':
        a = _jnp.clip(a, 0, n - 1)
    elif mode != 'raise':
        raise ValueError("mode must be one of 'raise', 'wrap', or 'clip'")
    shape = _jnp.broadcast_shapes(a.shape, *[c.shape for c in choices])
    stacked = stack([_jnp.broadcast_to(c, shape) for c in choices])
    return _jnp.take_along_axis(stacked, _jnp.broadcast_to(a, shape)[None], axis=0)[0]


def compress(condition, a, axis=None, *, size=None, fill_value=0, out=None):
    cond = asarray(condition)
    if cond.ndim != 1:
        raise ValueError('condition must be a 1D array')
    arr = asarray(a)
    if axis is None:
        arr = arr.reshape(-1)
        axis = 0
    axis = _axis(axis, arr.ndim)
    m = min(cond.shape[0], arr.shape[axis])
    cond = cond[:m].astype(bool)
    arr = _lax.slice_in_dim(arr, 0, m, axis=axis) if cond.shape[0] < arr.shape[axis] else arr
    if size is None:
        return _jnp.take(arr, _jnp.nonzero(cond)[0], axis=axis)
    idx = _jnp.nonzero(cond, size=size, fill_value=m)[0]
    taken = _jnp.take(arr, _jnp.minimum(idx, m - 1), axis=axis)
    shape = [1] * arr.ndim
    shape[axis] = size
    return where((idx < m).reshape(tuple(shape)), taken, fill_value)


def extract(condition, arr, *, size=None, fill_value=0):
    return compress(asarray(condition).reshape(-1), asarray(arr).reshape(-1), size=size,
                    fill_value=fill_value)


def place(arr, mask, vals, *, inplace=True):
    if inplace:
        raise ValueError('jax.numpy.place cannot modify arrays in-place, because JAX arrays are '
                         'immutable. Pass inplace=False to instead return an updated array.')
    a = asarray(arr)
    m = asarray(mask).reshape(-1).astype(bool)
    flat = a.reshape(-1)
    vals = asarray(vals).reshape(-1)
    idx = _jnp.cumsum(m.astype(_jnp.int32)) - 1
    rep = vals[idx % vals.shape[0]]
    return where(m, rep.astype(a.dtype), flat).reshape(a.shape)


def put(a, ind, v, mode=None, *, inplace=True):
    if inplace:
        raise ValueError('jax.numpy.put cannot modify arrays in-place, because JAX arrays are '
                         'immutable. Pass inplace=False to instead return an updated array.')
    arr = asarray(a)
    ind = asarray(ind).reshape(-1)
    v = asarray(v).reshape(-1)
    if v.shape[0] == 0:
        return arr
    if v.shape[0] != ind.shape[0]:
        v = _jnp.tile(v, -(-ind.shape[0] // v.shape[0]))[:ind.shape[0]]
    n = arr.size
    if mode == 'wrap':
        ind = ind % n
    elif mode == 'clip':
        ind = _jnp.clip(ind, 0, n - 1)
    return arr.reshape(-1).at[ind].set(v.astype(arr.dtype)).reshape(arr.shape)


def resize(a, new_shape):
    new_shape = (new_shape,) if isinstance(new_shape, int) else tuple(new_shape)
    if any(d < 0 for d in new_shape):
        raise ValueError('all elements of `new_shape` must be non-negative')
    arr = asarray(a).reshape(-1)
    size = 1
    for d in new_shape:
        size *= d
    if arr.size == 0 or size == 0:
        return _jnp.zeros(new_shape, arr.dtype)
    reps = -(-size // arr.size)
    return _jnp.tile(arr, reps)[:size].reshape(new_shape)


def trim_zeros(filt, trim='fb', axis=None):
    f = asarray(filt)
    t = trim.lower()
    nz = _jnp.nonzero(f.reshape(-1) if f.ndim == 1 else f.any(axis=tuple(
        _builtin_range(1, f.ndim))))[0]
    if f.ndim != 1:
        raise NotImplementedError('jnp.trim_zeros of an array with more than one axis is not '
                                  'implemented in parax')
    if nz.shape[0] == 0:
        return f[0:0]
    start = int(nz[0]) if 'f' in t else 0
    stop = int(nz[-1]) + 1 if 'b' in t else f.shape[0]
    return f[start:stop]


def unwrap(p, discont=None, axis=-1, period=2 * _math.pi):
    p = asarray(p)
    if not _jnp.issubdtype(p.dtype, _jnp.floating):
        pf = _jnp.result_type(p, period)
        p = p.astype(pf) if _jnp.issubdtype(pf, _jnp.floating) else p
    if p.shape[axis] == 0:
        return p
    if discont is None:
        discont = period / 2
    interval = period // 2 if _jnp.issubdtype(p.dtype, _jnp.integer) else period / 2
    dd = diff(p, axis=axis)
    ddmod = _jnp.mod(dd + interval, period) - interval
    ddmod = where((ddmod == -interval) & (dd > 0), interval, ddmod)
    ph = where(_jnp.abs(dd) < discont, 0, ddmod - dd)
    ax = _axis(axis, p.ndim)
    n = p.shape[ax]
    return concatenate((_lax.slice_in_dim(p, 0, 1, axis=ax),
                        _lax.slice_in_dim(p, 1, n, axis=ax) + _jnp.cumsum(ph, axis=ax)), axis=ax)


def matrix_transpose(x):
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError('x must be at least two-dimensional for matrix_transpose; got ndim=' +
                         str(x.ndim))
    return _jnp.swapaxes(x, -1, -2)


def matvec(x1, x2, axis=-1):
    return _jnp.einsum('...ij,...j->...i', asarray(x1), asarray(x2))


def vecmat(x1, x2, axis=-1):
    return _jnp.einsum('...i,...ij->...j', asarray(x1), asarray(x2))


def vecdot(x1, x2, axis=-1, *, precision=None, preferred_element_type=None):
    x1, x2 = asarray(x1), asarray(x2)
    x1, x2 = _jnp.broadcast_arrays(x1, x2)
    return _jnp.sum(x1 * x2, axis=axis)


def unstack(x, axis=0):
    x = asarray(x)
    if x.ndim == 0:
        raise ValueError('Unstack requires arrays with rank > 0, however a scalar array was '
                         'passed.')
    ax = _axis(axis, x.ndim)
    return tuple(_jnp.take(x, i, axis=ax) for i in _builtin_range(x.shape[ax]))


def concat(arrays, *, axis=0):
    return concatenate(arrays, axis=axis)


def astype(x, dtype, *, copy=False, device=None):
    return asarray(x).astype(dtype)


def size(a, axis=None):
    a = asarray(a)
    if axis is None:
        return a.size
    return a.shape[axis]


def _cumulative(scan, initial, x, axis, dtype, include_initial):
    x = asarray(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError('The input array has rank ' + str(x.ndim) + ', however axis was '
                             'not set to an explicit value. The axis argument is only optional '
                             'for one-dimensional arrays.')
        axis = 0
    out = scan(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = list(out.shape)
        shape[axis] = 1
        out = concatenate([initial(tuple(shape), out.dtype), out], axis=axis)
    return out


def cumulative_sum(x, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(_jnp.cumsum, _jnp.zeros, x, axis, dtype, include_initial)


def cumulative_prod(x, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(_jnp.cumprod, _jnp.ones, x, axis, dtype, include_initial)


def _window_dtype():
    return _jnp.float64 if _jax.config.jax_enable_x64 else _jnp.float32


def _window_n(M):
    return _jnp.arange(M, dtype=_window_dtype())


def bartlett(M):
    if M <= 1:
        return _jnp.ones(max(M, 0), _window_dtype())
    n = _window_n(M)
    return 1 - _jnp.abs(2 * n + 1 - M) / (M - 1)


def blackman(M):
    if M <= 1:
        return _jnp.ones(max(M, 0), _window_dtype())
    n = _window_n(M)
    return 0.42 - 0.5 * _jnp.cos(2 * _math.pi * n / (M - 1)) + \
        0.08 * _jnp.cos(4 * _math.pi * n / (M - 1))


def hamming(M):
    if M <= 1:
        return _jnp.ones(max(M, 0), _window_dtype())
    n = _window_n(M)
    return 0.54 - 0.46 * _jnp.cos(2 * _math.pi * n / (M - 1))


def hanning(M):
    if M <= 1:
        return _jnp.ones(max(M, 0), _window_dtype())
    n = _window_n(M)
    return 0.5 * (1 - _jnp.cos(2 * _math.pi * n / (M - 1)))


def kaiser(M, beta):
    if M <= 1:
        return _jnp.ones(max(M, 0), _window_dtype())
    n = _window_n(M)
    alpha = 0.5 * (M - 1)
    return i0(beta * _jnp.sqrt(1 - ((n - alpha) / alpha) ** 2)) / i0(beta)


def i0(x):
    import jax.scipy.special as _sp
    x, = _inexact(x)
    return _sp.i0(x)


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def can_cast(from_, to, casting='safe'):
    import numpy as _np
    f = from_.dtype if hasattr(from_, 'dtype') else from_
    return bool(_np.can_cast(_np.dtype(str(_jnp.dtype(f))), _np.dtype(str(_jnp.dtype(to))),
                             casting=casting))


_ISDTYPE_KINDS = {
    'bool': lambda d: d == _jnp.bool_,
    'signed integer': lambda d: _jnp.issubdtype(d, _jnp.signedinteger),
    'unsigned integer': lambda d: _jnp.issubdtype(d, _jnp.unsignedinteger),
    'integral': lambda d: _jnp.issubdtype(d, _jnp.integer),
    'real floating': lambda d: _jnp.issubdtype(d, _jnp.floating),
    'complex floating': lambda d: _jnp.issubdtype(d, _jnp.complexfloating),
    'numeric': lambda d: d != _jnp.bool_ and _jnp.issubdtype(d, _jnp.number),
}


def isdtype(dtype, kind):
    d = _jnp.dtype(dtype)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            if k not in _ISDTYPE_KINDS:
                raise ValueError('Unrecognized data type kind: ' + repr(k) + '.')
            if _ISDTYPE_KINDS[k](d):
                return True
        elif d == _jnp.dtype(k):
            return True
    return False


def get_printoptions():
    import numpy as _np
    return _np.get_printoptions()


def set_printoptions(*args, **kwargs):
    import numpy as _np
    return _np.set_printoptions(*args, **kwargs)


def printoptions(*args, **kwargs):
    import numpy as _np
    return _np.printoptions(*args, **kwargs)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    import numpy as _np
    return _np.array_str(_np.asarray(a), max_line_width, precision, suppress_small)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    import numpy as _np
    return _np.array_repr(_np.asarray(arr), max_line_width, precision, suppress_small)


class vectorize:
    """jnp.vectorize: func mapped over the leading (broadcast) dimensions
    with vmap; `signature` names the core dimensions of each argument."""

    def __init__(self, pyfunc, *, excluded=frozenset(), signature=None):
        self.pyfunc = pyfunc
        self.excluded = excluded
        self.signature = signature
        if hasattr(pyfunc, '__name__'):
            self.__name__ = pyfunc.__name__
        if hasattr(pyfunc, '__doc__'):
            self.__doc__ = pyfunc.__doc__

    def _parse(self):
        sig = self.signature.replace(' ', '')
        ins, outs = sig.split('->')

        def parse_list(s):
            res = []
            depth = 0
            cur = ''
            for ch in s:
                if ch == '(':
                    depth += 1
                    cur = ''
                elif ch == ')':
                    depth -= 1
                    res.append(tuple(d for d in cur.split(',') if d))
                elif depth:
                    cur += ch
            return res

        return parse_list(ins), parse_list(outs)

    def __call__(self, *args, **kwargs):
        excluded = self.excluded
        fixed = {i: a for i, a in enumerate(args) if i in excluded}
        fixed_kw = {k: v for k, v in kwargs.items() if k in excluded}
        dyn_idx = [i for i in _builtin_range(len(args)) if i not in excluded]
        dyn_kw = [k for k in kwargs if k not in excluded]
        dyn = [asarray(args[i]) for i in dyn_idx] + [asarray(kwargs[k]) for k in dyn_kw]

        def call(*vals):
            full = list(args)
            for j, i in enumerate(dyn_idx):
                full[i] = vals[j]
            kw = dict(fixed_kw)
            for j, k in enumerate(dyn_kw):
                kw[k] = vals[len(dyn_idx) + j]
            return self.pyfunc(*full, **kw)

        if self.signature is None:
            core = [()] * len(dyn)
        else:
            ins, _ = self._parse()
            if len(ins) != len(dyn):
                raise TypeError('wrong number of positional arguments: expected ' +
                                str(len(ins)) + ', got ' + str(len(dyn)))
            core = ins
        sizes = {}
        for a, dims in zip(dyn, core):
            if a.ndim < len(dims):
                raise ValueError('input with shape ' + str(tuple(a.shape)) + ' does not have '
                                 'enough dimensions for all core dimensions ' + str(dims))
            for d, n in zip(dims, a.shape[a.ndim - len(dims):]):
                if d in sizes and sizes[d] != n:
                    raise ValueError('inconsistent size for core dimension ' + repr(d) + ': ' +
                                     str(n) + ' vs ' + str(sizes[d]))
                sizes[d] = n
        batch = _jnp.broadcast_shapes(*[tuple(a.shape[:a.ndim - len(d)])
                                        for a, d in zip(dyn, core)]) if dyn else ()
        nb = len(batch)
        dyn = [_jnp.broadcast_to(a, tuple(batch) + tuple(a.shape[a.ndim - len(d):]))
               for a, d in zip(dyn, core)]
        f = call
        for _ in _builtin_range(nb):
            f = _jax.vmap(f)
        return f(*dyn)


def put_along_axis(arr, indices, values, axis, inplace=True, *, mode=None):
    if inplace:
        raise ValueError('jax.numpy.put_along_axis cannot modify arrays in-place, because JAX '
                         'arrays are immutable. Pass inplace=False to instead return an updated '
                         'array.')
    a = asarray(arr)
    idx = asarray(indices)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _axis(axis, a.ndim)
    if idx.ndim != a.ndim:
        raise ValueError('indices and arr must have the same number of dimensions; ' +
                         str(idx.ndim) + ' vs. ' + str(a.ndim))
    shape = _jnp.broadcast_shapes(tuple(idx.shape), *[
        tuple(a.shape[i] if i != axis else 1 for i in _builtin_range(a.ndim))])
    idx = _jnp.broadcast_to(idx, shape)
    idx = where(idx < 0, idx + a.shape[axis], idx)
    full_idx = []
    for i in _builtin_range(a.ndim):
        if i == axis:
            full_idx.append(idx)
        else:
            full_idx.append(_lax.broadcasted_iota(_jnp.int32, shape, i))
    return a.at[tuple(full_idx)].set(_jnp.broadcast_to(asarray(values, a.dtype), shape))


def unpackbits(a, axis=None, count=None, bitorder='big'):
    a = asarray(a)
    if a.dtype != _jnp.uint8:
        raise TypeError('Expected an input array of unsigned byte data type')
    if bitorder not in ('little', 'big'):
        raise ValueError("'order' must be either 'little' or 'big'")
    shifts = _jnp.arange(8, dtype=_jnp.uint8)
    if bitorder == 'big':
        shifts = shifts[::-1]
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _axis(axis, a.ndim)
    x = expand_dims(a, -1)
    bits = (_jnp.right_shift(x, shifts) & _jnp.uint8(1)).astype(_jnp.uint8)
    bits = moveaxis(bits, -1, axis + 1)
    shape = list(a.shape)
    shape[axis] *= 8
    out = bits.reshape(tuple(shape))
    if count is not None:
        out = _lax.slice_in_dim(out, 0, count if count >= 0 else shape[axis] + count, axis=axis)
    return out


def packbits(a, axis=None, bitorder='big'):
    a = asarray(a)
    if not (_jnp.issubdtype(a.dtype, _jnp.integer) or a.dtype == _jnp.bool_):
        raise TypeError('Expected an input array of integer or boolean data type')
    if bitorder not in ('little', 'big'):
        raise ValueError("'order' must be either 'little' or 'big'")
    a = (a > 0).astype(_jnp.uint8)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    rem = (-n) % 8
    if rem:
        widths = [(0, 0)] * a.ndim
        widths[axis] = (0, rem)
        a = pad(a, widths)
    a = moveaxis(a, axis, -1)
    a = a.reshape(tuple(a.shape[:-1]) + (a.shape[-1] // 8, 8))
    shifts = _jnp.arange(8, dtype=_jnp.uint8)
    if bitorder == 'big':
        shifts = shifts[::-1]
    packed = _jnp.sum(_jnp.left_shift(a, shifts), axis=-1).astype(_jnp.uint8)
    return moveaxis(packed, -1, axis)
