# The Python half of numpy: functions composed of the C++ ones (NumpyModule,
# NumpyMath ...), loaded the first time a program asks numpy for a name the
# C++ module lacks. float64/int64 defaults and numpy's argument rules follow
# from the functions they call.
from numpy import (arange, asarray, concatenate, cos, diff, flip, int64, ones, pi, sin,
                   split, stack, swapaxes, transpose, where, zeros, zeros_like)
import numpy as _np
import math as _math


def fliplr(m):
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError('Input must be >= 2-d.')
    return flip(m, 1)


def flipud(m):
    m = asarray(m)
    if m.ndim < 1:
        raise ValueError('Input must be >= 1-d.')
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    m = asarray(m)
    k = k % 4
    a0, a1 = axes
    if k == 0:
        return m.copy()
    if k == 2:
        return flip(flip(m, a0), a1)
    perm = list(range(m.ndim))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return transpose(flip(m, a1), perm)
    return flip(transpose(m, perm), a1)


def tri(N, M=None, k=0, dtype=float):
    M = N if M is None else M
    rows = arange(N).reshape(N, 1)
    cols = arange(M).reshape(1, M)
    return (cols <= rows + k).astype(dtype)


def diagflat(v, k=0):
    return _np.diag(asarray(v).ravel(), k)


def _split_along(ary, sections, axis, name, min_ndim):
    ary = asarray(ary)
    if ary.ndim < min_ndim:
        raise ValueError(name + ' only works on arrays of ' + str(min_ndim) +
                         ' or more dimensions')
    return split(ary, sections, axis)


def hsplit(ary, indices_or_sections):
    ary = asarray(ary)
    return _split_along(ary, indices_or_sections, 1 if ary.ndim > 1 else 0, 'hsplit', 1)


def vsplit(ary, indices_or_sections):
    return _split_along(ary, indices_or_sections, 0, 'vsplit', 2)


def dsplit(ary, indices_or_sections):
    return _split_along(ary, indices_or_sections, 2, 'dsplit', 3)


def append(arr, values, axis=None):
    arr = asarray(arr)
    values = asarray(values)
    if axis is None:
        return concatenate([arr.ravel(), values.ravel()])
    return concatenate([arr, values], axis)


def delete(arr, obj, axis=None):
    arr = asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    n = arr.shape[axis]
    drop = asarray(obj).ravel() if not isinstance(obj, slice) else arange(n)[obj]
    keep = ones(n, dtype=bool)
    for i in drop.tolist():
        keep[int(i) % n if i < 0 else int(i)] = False
    return compress(keep, arr, axis)


def insert(arr, obj, values, axis=None):
    arr = asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    n = arr.shape[axis]
    if not isinstance(obj, (int, _np.integer)):
        raise NotImplementedError('numpy.insert: parax takes one index (an int)')
    i = int(obj) + n if obj < 0 else int(obj)
    before = _np.take(arr, arange(i), axis)
    after = _np.take(arr, arange(i, n), axis)
    values = asarray(values, dtype=arr.dtype)
    shape = list(arr.shape)
    shape[axis] = 1
    if values.ndim == 0 or values.size == 1:
        values = _np.broadcast_to(values.reshape(()), tuple(shape))
    else:
        shape[axis] = values.size // max(1, _math.prod([s for d, s in enumerate(arr.shape)
                                                         if d != axis]))
        values = values.reshape(tuple(shape))
    return concatenate([before, values, after], axis)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError('list of cases must be same length as list of conditions')
    out = asarray(default)
    for cond, choice in reversed(list(zip(condlist, choicelist))):
        out = where(cond, choice, out)
    return out


def piecewise(x, condlist, funclist, *args, **kw):
    x = asarray(x)
    if isinstance(condlist, _np.ndarray) and condlist.ndim == x.ndim:
        condlist = [condlist]
    condlist = [asarray(c, dtype=bool) for c in condlist]
    if len(funclist) == len(condlist) + 1:
        rest = ~_np.any(stack(condlist), axis=0) if condlist else ones(x.shape, bool)
        condlist = condlist + [rest]
    out = zeros_like(x)
    for cond, f in zip(condlist, funclist):
        vals = f(x, *args, **kw) if callable(f) else f
        out = where(cond, vals, out)
    return out


def tensordot(a, b, axes=2):
    a, b = asarray(a), asarray(b)
    if isinstance(axes, int):
        ax_a = list(range(a.ndim - axes, a.ndim))
        ax_b = list(range(axes))
    else:
        ax_a, ax_b = axes
        ax_a = [ax_a] if isinstance(ax_a, int) else list(ax_a)
        ax_b = [ax_b] if isinstance(ax_b, int) else list(ax_b)
    ax_a = [d % a.ndim for d in ax_a]
    ax_b = [d % b.ndim for d in ax_b]
    free_a = [d for d in range(a.ndim) if d not in ax_a]
    free_b = [d for d in range(b.ndim) if d not in ax_b]
    k = _math.prod([a.shape[d] for d in ax_a])
    at = transpose(a, free_a + ax_a).reshape(-1, k)
    bt = transpose(b, ax_b + free_b).reshape(k, -1)
    return (at @ bt).reshape(tuple([a.shape[d] for d in free_a] + [b.shape[d] for d in free_b]))


def sinc(x):
    x = asarray(x)
    y = pi * where(x == 0, 1.0e-20, x)
    return sin(y) / y


def _window(M, f):
    if M < 1:
        return _np.array([])
    if M == 1:
        return ones(1)
    n = arange(M)
    return f(n, M)


def hanning(M):
    return _window(M, lambda n, M: 0.5 - 0.5 * cos(2.0 * pi * n / (M - 1)))


def hamming(M):
    return _window(M, lambda n, M: 0.54 - 0.46 * cos(2.0 * pi * n / (M - 1)))


def blackman(M):
    return _window(M, lambda n, M: 0.42 - 0.5 * cos(2.0 * pi * n / (M - 1)) +
                   0.08 * cos(4.0 * pi * n / (M - 1)))


def bartlett(M):
    return _window(M, lambda n, M: where(n <= (M - 1) / 2.0, 2.0 * n / (M - 1),
                                         2.0 - 2.0 * n / (M - 1)))


def heaviside(x1, x2):
    x1 = asarray(x1)
    return where(x1 < 0, 0.0, where(x1 > 0, 1.0, x2))


def divmod(x1, x2):
    return _np.floor_divide(x1, x2), _np.mod(x1, x2)


def gcd(x1, x2):
    a = _np.abs(asarray(x1, dtype=int64))
    b = _np.abs(asarray(x2, dtype=int64))
    a, b = _np.broadcast_to(a, _np.broadcast_shapes(a.shape, b.shape)).copy(), \
        _np.broadcast_to(b, _np.broadcast_shapes(a.shape, b.shape)).copy()
    while _np.any(b != 0):
        nz = b != 0
        r = where(nz, a % where(nz, b, 1), 0)
        a = where(nz, b, a)
        b = r
    return a if a.ndim else a[()]


def lcm(x1, x2):
    g = gcd(x1, x2)
    x1 = _np.abs(asarray(x1, dtype=int64))
    x2 = _np.abs(asarray(x2, dtype=int64))
    return where(g == 0, 0, x1 // where(g == 0, 1, g) * x2)


def geomspace(start, stop, num=50, endpoint=True):
    return _np.logspace(_math.log10(start), _math.log10(stop), num, endpoint=endpoint)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = asarray(y)
    y = swapaxes(y, axis, -1)
    d = diff(asarray(x)) if x is not None else dx
    return ((y[..., 1:] + y[..., :-1]) * d / 2.0).sum(-1)


def ediff1d(ary, to_end=None, to_begin=None):
    d = diff(asarray(ary).ravel())
    parts = []
    if to_begin is not None:
        parts.append(asarray(to_begin, dtype=d.dtype).ravel())
    parts.append(d)
    if to_end is not None:
        parts.append(asarray(to_end, dtype=d.dtype).ravel())
    return concatenate(parts)


def broadcast_arrays(*args):
    shape = _np.broadcast_shapes(*[asarray(a).shape for a in args])
    return tuple([_np.broadcast_to(a, shape) for a in args])


def indices(dimensions, dtype=int):
    dimensions = tuple(dimensions)
    grids = []
    for d, n in enumerate(dimensions):
        shape = [1] * len(dimensions)
        shape[d] = n
        grids.append(_np.broadcast_to(arange(n, dtype=dtype).reshape(tuple(shape)), dimensions))
    return stack(grids) if grids else _np.zeros((0,), dtype)


def unravel_index(indices, shape):
    idx = asarray(indices)
    out = []
    for n in reversed(tuple(shape)):
        out.append(idx % n)
        idx = idx // n
    return tuple(reversed(out))


def ravel_multi_index(multi_index, dims):
    flat = asarray(multi_index[0]) * 0
    for i, n in zip(multi_index, dims):
        flat = flat * n + asarray(i)
    return flat


def vander(x, N=None, increasing=False):
    x = asarray(x)
    N = x.shape[0] if N is None else N
    powers = arange(N) if increasing else arange(N - 1, -1, -1)
    return x.reshape(-1, 1) ** powers


def rollaxis(a, axis, start=0):
    a = asarray(a)
    n = a.ndim
    axis = axis % n
    start = start + n if start < 0 else start
    if axis < start:
        start -= 1
    if axis == start:
        return a
    perm = [d for d in range(n) if d != axis]
    perm.insert(start, axis)
    return transpose(a, perm)


def polyadd(a1, a2):
    a1, a2 = asarray(a1), asarray(a2)
    n = max(a1.size, a2.size)
    return concatenate([zeros(n - a1.size, a1.dtype), a1]) + \
        concatenate([zeros(n - a2.size, a2.dtype), a2])


def polyder(p, m=1):
    p = asarray(p)
    for _ in range(m):
        n = p.size - 1
        p = p[:-1] * arange(n, 0, -1)
    return p


def polymul(a1, a2):
    return _np.convolve(asarray(a1), asarray(a2))


def nanvar(a, axis=None, ddof=0, keepdims=False):
    a = asarray(a, dtype=float)
    ok = ~_np.isnan(a)
    n = ok.sum(axis=axis, keepdims=True)
    mean = where(ok, a, 0.0).sum(axis=axis, keepdims=True) / n
    sq = where(ok, (a - mean) ** 2, 0.0).sum(axis=axis, keepdims=keepdims)
    n = n if keepdims else ok.sum(axis=axis)
    return sq / (n - ddof)


def nanstd(a, axis=None, ddof=0, keepdims=False):
    return _np.sqrt(nanvar(a, axis=axis, ddof=ddof, keepdims=keepdims))


def nanargmax(a, axis=None):
    a = asarray(a, dtype=float)
    return _np.argmax(where(_np.isnan(a), -_np.inf, a), axis=axis)


def nanargmin(a, axis=None):
    a = asarray(a, dtype=float)
    return _np.argmin(where(_np.isnan(a), _np.inf, a), axis=axis)


def nancumsum(a, axis=None):
    a = asarray(a)
    return _np.cumsum(where(_np.isnan(a), 0, a), axis=axis)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = asarray(arr)
    moved = _np.moveaxis(arr, axis, -1)
    lead = moved.shape[:-1]
    flat = moved.reshape(-1, moved.shape[-1])
    outs = [asarray(func1d(row, *args, **kwargs)) for row in flat]
    out = stack(outs).reshape(lead + outs[0].shape)
    if outs[0].ndim == 0:
        return out
    return _np.moveaxis(out, -1, axis if axis >= 0 else axis + arr.ndim)


def fromfunction(function, shape, *, dtype=float, **kwargs):
    return function(*indices(shape, dtype=dtype), **kwargs)


def intersect1d(ar1, ar2):
    b = set(asarray(ar2).ravel().tolist())
    return _np.unique(_np.array([v for v in asarray(ar1).ravel().tolist() if v in b],
                                dtype=_np.result_type(asarray(ar1), asarray(ar2))))


def union1d(ar1, ar2):
    return _np.unique(concatenate([asarray(ar1).ravel(), asarray(ar2).ravel()]))


def setdiff1d(ar1, ar2):
    b = set(asarray(ar2).ravel().tolist())
    a = _np.unique(asarray(ar1))
    return a[asarray([v not in b for v in a.tolist()], dtype=bool)] if a.size else a


def digitize(x, bins, right=False):
    bins = asarray(bins)
    if bins.size > 1 and bins[-1] < bins[0]:
        n = bins.size
        return n - _np.searchsorted(bins[::-1], x, side='left' if right else 'right')
    return _np.searchsorted(bins, x, side='left' if right else 'right')


def trim_zeros(filt, trim='fb'):
    vals = asarray(filt)
    nz = _np.nonzero(vals)[0]
    if nz.size == 0:
        return vals[:0]
    lo = int(nz[0]) if 'f' in trim else 0
    hi = int(nz[-1]) + 1 if 'b' in trim else vals.size
    return vals[lo:hi]


def cumulative_sum(x, axis=None, dtype=None, include_initial=False):
    out = _np.cumsum(x, axis=axis, dtype=dtype)
    if include_initial:
        out = concatenate([zeros_like(out[:1]), out], 0 if axis is None else axis)
    return out


def concat(arrays, axis=0):
    return concatenate(arrays, axis)


def unstack(x, axis=0):
    x = asarray(x)
    return tuple([_np.take(x, i, axis) for i in range(x.shape[axis])])


def matrix_transpose(x):
    return swapaxes(asarray(x), -1, -2)


def astype(x, dtype, copy=True):
    return asarray(x).astype(dtype)


class vectorize:
    """Calls pyfunc element by element over the broadcast inputs."""

    def __init__(self, pyfunc, otypes=None, excluded=None, signature=None, doc=None):
        if signature is not None:
            raise NotImplementedError('numpy.vectorize(signature=...) is not part of parax')
        self.pyfunc = pyfunc
        self.otypes = otypes

    def __call__(self, *args):
        arrays = broadcast_arrays(*[asarray(a) for a in args])
        shape = arrays[0].shape if arrays else ()
        flat = [a.ravel().tolist() for a in arrays]
        vals = [self.pyfunc(*vs) for vs in zip(*flat)] if flat else []
        dtype = self.otypes[0] if self.otypes else None
        out = _np.array(vals, dtype=dtype)
        return out.reshape(shape)


def modf(x):
    x = asarray(x)
    x = x if x.dtype.kind == 'f' else x.astype(float)
    whole = _np.trunc(x)
    return x - whole, whole


def ldexp(x1, x2):
    x1 = asarray(x1)
    x1 = x1 if x1.dtype.kind == 'f' else x1.astype(float)
    return x1 * _np.exp2(asarray(x2).astype(x1.dtype))


def diag_indices(n, ndim=2):
    return (arange(n),) * ndim


def block(arrays):
    from _parax_block import assemble
    if isinstance(arrays, tuple):
        raise TypeError('arrays is a tuple. Only lists can be used to arrange blocks, and '
                        'np.block does not allow implicit conversion from tuple to ndarray.')
    return assemble(arrays, asarray, concatenate, '')


def lexsort(keys, axis=-1):
    keys = [asarray(k) for k in keys]
    if not keys:
        raise TypeError('need sequence of keys with len > 0 in lexsort')
    n = keys[0].shape[axis]
    perm = arange(n)
    for k in keys:  # the last key is the primary one: sort by it last, stably
        perm = perm[_np.argsort(k[perm], kind='stable')]
    return perm


def choose(a, choices, mode='raise'):
    a = asarray(a)
    n = len(choices)
    if mode == 'wrap':
        a = a % n
    elif mode == 'clip':
        a = _np.clip(a, 0, n - 1)
    elif _np.any((a < 0) | (a >= n)):
        raise ValueError('invalid entry in choice array')
    out = asarray(choices[0]) * 0
    shape = _np.broadcast_shapes(a.shape, *[asarray(c).shape for c in choices])
    out = _np.broadcast_to(out, shape)
    for i, c in enumerate(choices):
        out = where(a == i, c, out)
    return out


def compress(condition, a, axis=None):
    cond = asarray(condition, dtype=bool).ravel()
    arr = asarray(a)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    idx = _np.nonzero(cond[:arr.shape[axis]])[0]
    return _np.take(arr, idx, axis)


def extract(condition, arr):
    return compress(asarray(condition).ravel(), asarray(arr).ravel())


def resize(a, new_shape):
    new_shape = (new_shape,) if isinstance(new_shape, int) else tuple(new_shape)
    arr = asarray(a).ravel()
    size = _math.prod(new_shape)
    if arr.size == 0 or size == 0:
        return _np.zeros(new_shape, arr.dtype)
    reps = -(-size // arr.size)
    return _np.tile(arr, reps)[:size].reshape(new_shape)


def cumulative_prod(x, axis=None, dtype=None, include_initial=False):
    out = _np.cumprod(x, axis=axis, dtype=dtype)
    if include_initial:
        out = concatenate([_np.ones_like(out[:1]), out], 0 if axis is None else axis)
    return out


def imag(val):
    return zeros_like(asarray(val))  # parax's numpy has no complex dtypes


def angle(z, deg=False):
    z = asarray(z)
    a = where(z < 0, pi, 0.0)
    return a * 180.0 / pi if deg else a


def fill_diagonal(a, val, wrap=False):
    """In place, as numpy's: a[i, i, ...] = val for i < min(a.shape)."""
    n = min(a.shape)
    vals = asarray(val).ravel()
    for i in range(n):
        a[(i,) * a.ndim] = vals[i % vals.size]


def _pad_widths(pad_width, ndim):
    w = asarray(pad_width).tolist()
    if not isinstance(w, list):
        return [(int(w), int(w))] * ndim
    if len(w) > 0 and not isinstance(w[0], list):
        if len(w) == 1:
            return [(int(w[0]), int(w[0]))] * ndim
        if len(w) == 2:
            return [(int(w[0]), int(w[1]))] * ndim
    if len(w) == 1:
        return [(int(w[0][0]), int(w[0][1]))] * ndim
    if len(w) != ndim:
        raise ValueError('operands could not be broadcast together with remapped shapes')
    return [(int(a), int(b)) for a, b in w]


def pad(array, pad_width, mode='constant', **kwargs):
    """numpy.pad's constant, edge, reflect, symmetric and wrap modes, one
    axis at a time (each axis pads the result of the previous ones)."""
    arr = asarray(array)
    widths = _pad_widths(pad_width, arr.ndim)
    cv = kwargs.get('constant_values', 0)
    cvs = _pad_widths(cv, arr.ndim) if mode == 'constant' else None
    for axis, (lo, hi) in enumerate(widths):
        if lo < 0 or hi < 0:
            raise ValueError("index can't contain negative values")
        if lo == 0 and hi == 0:
            continue
        n = arr.shape[axis]
        if mode == 'constant':
            shape_lo = list(arr.shape)
            shape_lo[axis] = lo
            shape_hi = list(arr.shape)
            shape_hi[axis] = hi
            before = _np.full(tuple(shape_lo), cvs[axis][0], dtype=arr.dtype)
            after = _np.full(tuple(shape_hi), cvs[axis][1], dtype=arr.dtype)
        elif mode in ('edge', 'wrap', 'reflect', 'symmetric'):
            if n == 0:
                raise ValueError("can't extend empty axis " + str(axis) + " using modes other "
                                 "than 'constant' or 'empty'")
            if mode == 'edge':
                idx_lo = [0] * lo
                idx_hi = [n - 1] * hi
            elif mode == 'wrap':
                idx_lo = [(i - lo) % n for i in range(lo)]
                idx_hi = [i % n for i in range(n, n + hi)]
            else:
                # reflect: ... 2 1 | 0 1 2 | 1 0 ...; symmetric repeats the edge.
                period = 2 * (n - 1) if mode == 'reflect' else 2 * n
                def fold(i):
                    if period == 0:
                        return 0
                    i = i % period
                    if mode == 'reflect':
                        return i if i < n else period - i
                    return i if i < n else period - 1 - i
                idx_lo = [fold(i) for i in range(-lo, 0)]
                idx_hi = [fold(i) for i in range(n, n + hi)]
            before = _np.take(arr, _np.array(idx_lo, dtype=int64), axis)
            after = _np.take(arr, _np.array(idx_hi, dtype=int64), axis)
        else:
            raise NotImplementedError("numpy.pad mode '" + str(mode) + "' is not part of parax "
                                      "(constant, edge, reflect, symmetric, wrap are)")
        arr = concatenate([before, arr, after], axis)
    return arr
