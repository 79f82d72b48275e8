# The Python half of jax.lax: the slicing helpers, lax.map and the
# collectives written on other collectives (psum_scatter, all_to_all), and
# the scatter family (lax.scatter_add ...) written on x.at[] updates.
from jax.lax import (all_gather, axis_index, axis_size, broadcasted_iota, dynamic_slice,
                     dynamic_update_slice, psum, scan, slice)
from jax.lax import add as _add, bitwise_and as _bitwise_and, bitwise_or as _bitwise_or
from jax.lax import max as _max, min as _min, mul as _mul
import jax.numpy as _jnp


def _axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise ValueError('axis ' + str(axis) + ' is out of bounds for array of dimension ' +
                         str(ndim))
    return axis % ndim


def slice_in_dim(operand, start_index, limit_index, stride=1, axis=0):
    operand = _jnp.asarray(operand)
    axis = _axis(axis, operand.ndim)
    n = operand.shape[axis]
    start = 0 if start_index is None else start_index
    limit = n if limit_index is None else limit_index
    if start < 0:
        start += n
    if limit < 0:
        limit += n
    starts = [0] * operand.ndim
    limits = list(operand.shape)
    strides = [1] * operand.ndim
    starts[axis] = start
    limits[axis] = limit
    strides[axis] = stride
    return slice(operand, tuple(starts), tuple(limits), tuple(strides))


def index_in_dim(operand, index, axis=0, keepdims=True):
    operand = _jnp.asarray(operand)
    axis = _axis(axis, operand.ndim)
    if index < 0:
        index += operand.shape[axis]
    out = slice_in_dim(operand, index, index + 1, 1, axis)
    return out if keepdims else _jnp.squeeze(out, axis)


def dynamic_slice_in_dim(operand, start_index, slice_size, axis=0):
    operand = _jnp.asarray(operand)
    axis = _axis(axis, operand.ndim)
    starts = [0] * operand.ndim
    sizes = list(operand.shape)
    starts[axis] = start_index
    sizes[axis] = slice_size
    return dynamic_slice(operand, starts, sizes)


def dynamic_update_slice_in_dim(operand, update, start_index, axis):
    operand = _jnp.asarray(operand)
    axis = _axis(axis, operand.ndim)
    starts = [0] * operand.ndim
    starts[axis] = start_index
    return dynamic_update_slice(operand, update, starts)


def dynamic_update_index_in_dim(operand, update, index, axis):
    operand = _jnp.asarray(operand)
    axis = _axis(axis, operand.ndim)
    update = _jnp.asarray(update)
    if update.ndim == operand.ndim - 1:
        update = _jnp.expand_dims(update, axis)
    return dynamic_update_slice_in_dim(operand, update, index, axis)


def map(f, xs, *, batch_size=None):
    """f applied to each leading slice of xs (a pytree), stacked: lax.scan
    without a carry."""
    if batch_size is not None:
        raise NotImplementedError('lax.map(..., batch_size=) is not implemented in parax')
    _, ys = scan(lambda carry, x: (carry, f(x)), None, xs)
    return ys


def psum_scatter(x, axis_name, *, scatter_dimension=0, axis_index_groups=None, tiled=False):
    """The sum over the axis, each device keeping its block of
    scatter_dimension (the whole sum is formed, then sliced)."""
    if axis_index_groups is not None:
        raise NotImplementedError('psum_scatter(..., axis_index_groups=) is not implemented '
                                  'in parax')
    x = _jnp.asarray(x)
    total = psum(x, axis_name)
    n = axis_size(axis_name)
    dim = _axis(scatter_dimension, x.ndim)
    size = x.shape[dim]
    i = axis_index(axis_name)
    if tiled:
        if size % n != 0:
            raise ValueError('psum_scatter operand scatter dimension size ' + str(size) +
                             ' must be divisible by the axis size ' + str(n))
        block = size // n
        return dynamic_slice_in_dim(total, i * block, block, dim)
    if size != n:
        raise ValueError('psum_scatter operand scatter dimension (' + str(size) +
                         ') must match the axis size (' + str(n) + ') unless tiled=True')
    return _jnp.squeeze(dynamic_slice_in_dim(total, i, 1, dim), dim)


def all_to_all(x, axis_name, split_axis, concat_axis, *, axis_index_groups=None, tiled=False):
    """Each device splits x along split_axis into one block per device, sends
    block j to device j, and concatenates what it receives along concat_axis
    (all_gather, then each device keeps its blocks)."""
    if axis_index_groups is not None:
        raise NotImplementedError('all_to_all(..., axis_index_groups=) is not implemented in '
                                  'parax')
    x = _jnp.asarray(x)
    n = axis_size(axis_name)
    split = _axis(split_axis, x.ndim)
    size = x.shape[split]
    i = axis_index(axis_name)
    gathered = all_gather(x, axis_name)  # (n, *x.shape): gathered[j] is device j's x
    if not tiled:
        if size != n:
            raise ValueError('all_to_all requires the split axis size (' + str(size) +
                             ') to equal the axis size (' + str(n) + ')')
        mine = _jnp.squeeze(dynamic_slice_in_dim(gathered, i, 1, split + 1), split + 1)
        return _jnp.moveaxis(mine, 0, _axis(concat_axis, x.ndim))
    if size % n != 0:
        raise ValueError('all_to_all split axis size ' + str(size) +
                         ' must be divisible by the axis size ' + str(n))
    block = size // n
    mine = dynamic_slice_in_dim(gathered, i * block, block, split + 1)
    concat = _axis(concat_axis, x.ndim)
    mine = _jnp.moveaxis(mine, 0, concat)
    shape = list(mine.shape)
    merged = shape[:concat] + [shape[concat] * shape[concat + 1]] + shape[concat + 2:]
    return _jnp.reshape(mine, tuple(merged))


def dot(lhs, rhs, precision=None, preferred_element_type=None):
    return _jnp.dot(lhs, rhs)


def dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None,
                out_sharding=None):
    (lc, rc), (lb, rb) = dimension_numbers
    lhs = _jnp.asarray(lhs)
    rhs = _jnp.asarray(rhs)
    letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
    ls = [None] * lhs.ndim
    rs = [None] * rhs.ndim
    used = 0
    for a, b in zip(lb, rb):
        ls[a] = rs[b] = letters[used]
        used += 1
    for a, b in zip(lc, rc):
        ls[a] = rs[b] = letters[used]
        used += 1
    batch = [ls[a] for a in lb]
    lfree = []
    for k in range(lhs.ndim):
        if ls[k] is None:
            ls[k] = letters[used]
            lfree.append(ls[k])
            used += 1
    rfree = []
    for k in range(rhs.ndim):
        if rs[k] is None:
            rs[k] = letters[used]
            rfree.append(rs[k])
            used += 1
    spec = ''.join(ls) + ',' + ''.join(rs) + '->' + ''.join(batch + lfree + rfree)
    if out_sharding is not None:
        return _jnp.einsum(spec, lhs, rhs, out_sharding=out_sharding)
    return _jnp.einsum(spec, lhs, rhs)


def full_like(x, fill_value, dtype=None, shape=None):
    x = _jnp.asarray(x)
    return _jnp.full(x.shape if shape is None else shape, fill_value,
                     dtype=x.dtype if dtype is None else dtype)


def _lex_order(keys, dimension):
    # Stable argsorts from the last key to the first: lexicographic order.
    order = None
    for k in reversed(keys):
        k = _jnp.asarray(k)
        kk = k if order is None else _jnp.take_along_axis(k, order, axis=dimension)
        o = _jnp.argsort(kk, axis=dimension, stable=True)
        order = o if order is None else _jnp.take_along_axis(order, o, axis=dimension)
    return order


def sort(operand, dimension=-1, is_stable=True, num_keys=1):
    if isinstance(operand, (tuple, list)):
        ops = [_jnp.asarray(o) for o in operand]
        if not 1 <= num_keys <= len(ops):
            raise ValueError('num_keys=' + str(num_keys) + ' must be between 1 and the number of '
                             'operands ' + str(len(ops)))
        order = _lex_order(ops[:num_keys], dimension)
        return tuple(_jnp.take_along_axis(o, order, axis=dimension) for o in ops)
    return _jnp.sort(operand, axis=dimension)



import jax.lax as _self

if 'not implemented in parax' in repr(_self.stop_gradient):
    # Until parax's autodiff provides it: on values it is the identity.
    def stop_gradient(x):
        return x


class Precision:
    """lax.Precision: a matmul precision request (parax computes every
    float32 product in float32, so it only documents intent)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return 'Precision.' + self.name

    def __str__(self):
        return self.name


Precision.DEFAULT = Precision('DEFAULT')
Precision.HIGH = Precision('HIGH')
Precision.HIGHEST = Precision('HIGHEST')


def optimization_barrier(operand):
    # On values the barrier is the identity (it only orders XLA's scheduling).
    return operand


def _conv_padding(padding, in_spatial, k_spatial, strides, rhs_dilation):
    if isinstance(padding, str):
        if padding not in ('SAME', 'VALID', 'SAME_LOWER'):
            raise ValueError("Unknown padding type: " + padding + ".")
        pads = []
        for n, k, s, d in zip(in_spatial, k_spatial, strides, rhs_dilation):
            k = (k - 1) * d + 1
            if padding == 'VALID':
                pads.append((0, 0))
                continue
            out = -(-n // s)
            total = max((out - 1) * s + k - n, 0)
            lo = total // 2 if padding == 'SAME' else total - total // 2
            pads.append((lo, total - lo))
        return pads
    return [tuple(p) for p in padding]


from typing import NamedTuple as _NT


class ConvDimensionNumbers(_NT):
    """The axis orders of a convolution's operands: (batch/out-feature,
    feature/in-feature, spatial...) for the lhs, rhs and output."""
    lhs_spec: tuple
    rhs_spec: tuple
    out_spec: tuple


def conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers):
    return ConvDimensionNumbers(*_conv_dimension_numbers(lhs_shape, rhs_shape,
                                                         dimension_numbers))


def _conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers):
    n = len(lhs_shape)
    if dimension_numbers is None:
        ident = tuple(range(n))
        return ident, ident, ident
    if isinstance(dimension_numbers, (tuple, list)) and len(dimension_numbers) == 3 and \
            isinstance(dimension_numbers[0], str):
        lhs_spec, rhs_spec, out_spec = dimension_numbers

        def perm(spec, first, second):
            spatial = [i for i, c in enumerate(spec) if c not in (first, second)]
            return (spec.index(first), spec.index(second)) + tuple(spatial)
        lhs = perm(lhs_spec, 'N', 'C')
        rhs = perm(rhs_spec, 'O', 'I')
        out = perm(out_spec, 'N', 'C')
        # Spatial dimensions pair up in the order the specs list them.
        return lhs, rhs, out
    return tuple(tuple(d) for d in dimension_numbers)


def conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=None, rhs_dilation=None,
                         dimension_numbers=None, feature_group_count=1, batch_group_count=1,
                         precision=None, preferred_element_type=None):
    """A convolution as a sum over the kernel's offsets of strided slices of
    the padded input, each contracted with that offset's kernel slice."""
    lhs = _jnp.asarray(lhs)
    rhs = _jnp.asarray(rhs)
    if batch_group_count != 1:
        raise NotImplementedError('conv_general_dilated(batch_group_count=) is not implemented '
                                  'in parax')
    lspec, rspec, ospec = conv_dimension_numbers(lhs.shape, rhs.shape, dimension_numbers)
    # To NC<spatial> and OI<spatial>.
    x = _jnp.transpose(lhs, lspec)
    w = _jnp.transpose(rhs, rspec)
    nsp = x.ndim - 2
    strides = tuple(window_strides) if window_strides is not None else (1,) * nsp
    lhs_dilation = tuple(lhs_dilation) if lhs_dilation is not None else (1,) * nsp
    rhs_dilation = tuple(rhs_dilation) if rhs_dilation is not None else (1,) * nsp
    if any(d != 1 for d in lhs_dilation):
        if isinstance(padding, str):
            raise ValueError('String padding is not implemented for transposed convolution '
                             'using this op. Please either exactly specify the required '
                             'padding or use conv_transpose.')
        # Input dilation: spread the input with zeros between its elements.
        for i, d in enumerate(lhs_dilation):
            if d != 1:
                ax = i + 2
                n = x.shape[ax]
                shape = list(x.shape)
                shape[ax] = (n - 1) * d + 1
                x = _set_strided(_jnp.zeros(tuple(shape), x.dtype), x, ax, d)
    groups = feature_group_count
    c_in = x.shape[1]
    if c_in != w.shape[1] * groups:
        raise TypeError('conv_general_dilated lhs feature dimension size divided by '
                        'feature_group_count must equal the rhs input feature dimension size, '
                        'but ' + str(c_in) + ' / ' + str(groups) + ' != ' + str(w.shape[1]) + '.')
    pads = _conv_padding(padding, x.shape[2:], w.shape[2:], strides, rhs_dilation)
    x = _jnp.pad(x, ((0, 0), (0, 0)) + tuple((max(lo, 0), max(hi, 0)) for lo, hi in pads))
    # Negative padding crops.
    for i, (lo, hi) in enumerate(pads):
        if lo < 0 or hi < 0:
            ax = i + 2
            x = slice_in_dim(x, max(-lo, 0), x.shape[ax] - max(-hi, 0), 1, ax)
    ksp = w.shape[2:]
    out_sp = []
    for i in range(nsp):
        k = (ksp[i] - 1) * rhs_dilation[i] + 1
        out_sp.append(max((x.shape[i + 2] - k) // strides[i] + 1, 0))
    offsets = [()]
    for k in ksp:
        offsets = [o + (j,) for o in offsets for j in range(k)]
    o_per_group = w.shape[0] // groups
    result = None
    for off in offsets:
        starts = [0, 0]
        limits = [x.shape[0], x.shape[1]]
        steps = [1, 1]
        for i in range(nsp):
            st = off[i] * rhs_dilation[i]
            starts.append(st)
            limits.append(st + (out_sp[i] - 1) * strides[i] + 1 if out_sp[i] > 0 else st)
            steps.append(strides[i])
        patch = slice(x, tuple(starts), tuple(limits), tuple(steps))  # N, C, out...
        kern = _kernel_at(w, off)  # O, I
        if groups == 1:
            term = _contract(patch, kern)
        else:
            parts = []
            ci = w.shape[1]
            for g in range(groups):
                pg = slice_in_dim(patch, g * ci, (g + 1) * ci, 1, 1)
                kg = slice_in_dim(kern, g * o_per_group, (g + 1) * o_per_group, 1, 0)
                parts.append(_contract(pg, kg))
            term = _jnp.concatenate(parts, axis=1)
        result = term if result is None else result + term
    # From NO<spatial> to the output spec.
    inv = [0] * len(ospec)
    for i, d in enumerate(ospec):
        inv[d] = i
    return _jnp.transpose(result, tuple(inv))


def _contract(patch, kern):
    # (N, C, *out) x (O, C) -> (N, O, *out)
    return _jnp.moveaxis(_jnp.tensordot(patch, kern, axes=([1], [1])), -1, 1)


def _kernel_at(w, off):
    k = w
    for o in off:
        k = index_in_dim(k, o, axis=2, keepdims=False)
    return k


def _set_strided(target, src, axis, step):
    n = src.shape[axis]
    idx = _jnp.arange(n) * step
    moved_t = _jnp.moveaxis(target, axis, 0)
    moved_s = _jnp.moveaxis(src, axis, 0)
    return _jnp.moveaxis(moved_t.at[idx].set(moved_s), 0, axis)


def conv(lhs, rhs, window_strides, padding, precision=None, preferred_element_type=None):
    return conv_general_dilated(lhs, rhs, window_strides, padding)


def conv_with_general_padding(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                              precision=None, preferred_element_type=None):
    return conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation)


def conv_general_shape_tuple(lhs_shape, rhs_shape, window_strides, padding, dimension_numbers):
    lspec, rspec, ospec = conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers)
    lhs = [lhs_shape[d] for d in lspec]
    rhs = [rhs_shape[d] for d in rspec]
    nsp = len(lhs) - 2
    strides = tuple(window_strides)
    pads = _conv_padding(padding, lhs[2:], rhs[2:], strides, (1,) * nsp)
    out = [lhs[0], rhs[0]]
    for i in range(nsp):
        n = lhs[i + 2] + pads[i][0] + pads[i][1]
        out.append(max((n - rhs[i + 2]) // strides[i] + 1, 0))
    result = [0] * len(out)
    for i, d in enumerate(ospec):
        result[d] = out[i]
    return tuple(result)


def padtype_to_pads(in_shape, window_shape, window_strides, padding):
    return _conv_padding(padding, in_shape, window_shape, window_strides, (1,) * len(in_shape))


def reduce_window(operand, init_value, computation, window_dimensions, window_strides=None,
                  padding='VALID', base_dilation=None, window_dilation=None):
    """computation (lax.max, lax.add, lax.min, lax.mul) over windows, as a
    fold over the window's offsets of strided slices of the padded input."""
    x = _jnp.asarray(operand)
    n = x.ndim
    dims = tuple(window_dimensions)
    strides = tuple(window_strides) if window_strides is not None else (1,) * n
    wdil = tuple(window_dilation) if window_dilation is not None else (1,) * n
    if base_dilation is not None and any(d != 1 for d in base_dilation):
        raise NotImplementedError('reduce_window(base_dilation=) is not implemented in parax')
    pads = _conv_padding(padding, x.shape, dims, strides, wdil) if isinstance(padding, str) \
        else [tuple(p) for p in padding]
    x = _jnp.pad(x, tuple(pads), constant_values=init_value)
    out = []
    for i in range(n):
        k = (dims[i] - 1) * wdil[i] + 1
        out.append(max((x.shape[i] - k) // strides[i] + 1, 0))
    offsets = [()]
    for k in dims:
        offsets = [o + (j,) for o in offsets for j in range(k)]
    acc = None
    for off in offsets:
        starts = tuple(off[i] * wdil[i] for i in range(n))
        limits = tuple(starts[i] + (out[i] - 1) * strides[i] + 1 if out[i] > 0 else starts[i]
                       for i in range(n))
        patch = slice(x, starts, limits, strides)
        acc = patch if acc is None else computation(acc, patch)
    if acc is None:
        return _jnp.full(tuple(out), init_value, x.dtype)
    return computation(_jnp.full(acc.shape, init_value, acc.dtype), acc)


def reduce_window_shape_tuple(operand_shape, window_dimensions, window_strides, padding,
                              base_dilation=None, window_dilation=None):
    out = []
    for i, n in enumerate(operand_shape):
        lo, hi = padding[i]
        k = window_dimensions[i]
        out.append(max((n + lo + hi - k) // window_strides[i] + 1, 0))
    return tuple(out)


def full(shape, fill_value, dtype=None, *, sharding=None):
    return _jnp.full(shape, fill_value, dtype=dtype)


def cumlogsumexp(operand, axis=0, reverse=False):
    # A scan of logaddexp along the axis: exact for any spread of values (a
    # shift by one maximum would underflow the early partial sums), and
    # differentiable through scan's rules.
    x = _jnp.asarray(operand)
    if x.ndim == 0:
        raise ValueError('lax.cumlogsumexp needs an operand of rank >= 1')
    axis = _axis(axis, x.ndim)
    if x.shape[axis] == 0:
        return x
    xs = _jnp.moveaxis(x, axis, 0)

    def step(c, v):
        r = _jnp.logaddexp(c, v)
        return r, r

    if reverse:
        last, ys = scan(step, xs[-1], xs[:-1], reverse=True)
        ys = _jnp.concatenate([ys, xs[-1:]], axis=0)
    else:
        first, ys = scan(step, xs[0], xs[1:])
        ys = _jnp.concatenate([xs[:1], ys], axis=0)
    return _jnp.moveaxis(ys, 0, axis)




# ---------------------------------------------------------------------------
# Structural ops, reductions and special functions written on jnp (so they
# trace, jit, grad and vmap like the ops they are built from).


from _parax_lazy import jax as _jax, lax as _lax, tree_util as _tu
import math as _math
from jax.lax import top_k
from jax.lax import (bitcast_convert_type as _bitcast, shift_right_logical as _srl, while_loop,
                     add as _lax_add, mul as _lax_mul, max as _lax_max, min as _lax_min)


class _IndexMaker:
    # This module's `slice` is lax.slice; _IX[a:b:c] makes a Python slice.
    def __getitem__(self, key):
        return key


_IX = _IndexMaker()


def transpose(operand, permutation):
    operand = _jnp.asarray(operand)
    permutation = tuple(permutation)
    if sorted(permutation) != list(range(operand.ndim)):
        raise ValueError('transpose permutation isn\'t a permutation of operand dimensions, got '
                         'permutation ' + str(permutation) + ' for operand shape ' +
                         str(tuple(operand.shape)) + '.')
    return _jnp.transpose(operand, permutation)


def pad(operand, padding_value, padding_config):
    x = _jnp.asarray(operand)
    padding_value = _jnp.asarray(padding_value, dtype=x.dtype)
    if len(padding_config) != x.ndim:
        raise ValueError('length of padding_config must equal the number of axes of operand, got '
                         'padding_config ' + str(tuple(padding_config)) + ' for operand shape ' +
                         str(tuple(x.shape)))
    for ax, (lo, hi, interior) in enumerate(padding_config):
        if interior < 0:
            raise ValueError('interior padding in padding_config must be nonnegative, got '
                             'padding_config ' + str(tuple(padding_config)))
        n = x.shape[ax]
        if interior > 0 and n > 1:
            shape = list(x.shape)
            shape[ax] = n + (n - 1) * interior
            y = _jnp.full(tuple(shape), padding_value, x.dtype)
            idx = [_IX[:]] * x.ndim
            idx[ax] = _IX[::interior + 1]
            x = y.at[tuple(idx)].set(x)
        n = x.shape[ax]
        if lo < 0:
            x = slice_in_dim(x, min(-lo, n), n, axis=ax)
        elif lo > 0:
            shape = list(x.shape)
            shape[ax] = lo
            x = _jnp.concatenate([_jnp.full(tuple(shape), padding_value, x.dtype), x], axis=ax)
        n = x.shape[ax]
        if hi < 0:
            x = slice_in_dim(x, 0, max(n + hi, 0), axis=ax)
        elif hi > 0:
            shape = list(x.shape)
            shape[ax] = hi
            x = _jnp.concatenate([x, _jnp.full(tuple(shape), padding_value, x.dtype)], axis=ax)
    return x


def _axes(axes):
    return tuple(axes)


def reduce_sum(operand, axes):
    return _jnp.sum(operand, axis=_axes(axes))


def reduce_prod(operand, axes):
    return _jnp.prod(operand, axis=_axes(axes))


def reduce_max(operand, axes):
    return _jnp.max(operand, axis=_axes(axes))


def reduce_min(operand, axes):
    return _jnp.min(operand, axis=_axes(axes))


def reduce_and(operand, axes):
    x = _jnp.asarray(operand)
    if x.dtype == _jnp.bool_:
        return _jnp.all(x, axis=_axes(axes))
    return _reduce_fold(_jnp.bitwise_and, x, _jnp.asarray(-1, x.dtype), _axes(axes))


def reduce_or(operand, axes):
    x = _jnp.asarray(operand)
    if x.dtype == _jnp.bool_:
        return _jnp.any(x, axis=_axes(axes))
    return _reduce_fold(_jnp.bitwise_or, x, _jnp.asarray(0, x.dtype), _axes(axes))


def reduce_xor(operand, axes):
    x = _jnp.asarray(operand)
    return _reduce_fold(_jnp.bitwise_xor, x, _jnp.asarray(0, x.dtype), _axes(axes))


def _reduce_fold(fn, x, init, axes):
    # A reduction over any binary computation: fold the reduced axes, laid
    # out first and flattened, one row at a time.
    axes = tuple(a % x.ndim for a in axes) if x.ndim else ()
    keep = [i for i in range(x.ndim) if i not in axes]
    x = _jnp.transpose(x, list(axes) + keep)
    rest = tuple(x.shape[len(axes):])
    n = 1
    for d in x.shape[:len(axes)]:
        n *= d
    x = x.reshape((n,) + rest)
    acc = _jnp.broadcast_to(init, rest)
    for i in range(n):
        acc = fn(acc, x[i])
    return acc


def reduce(operands, init_values, computation, dimensions):
    import operator as _op
    flat_ops, tree = _tu.tree_flatten(operands)
    flat_init, _ = _tu.tree_flatten(init_values)
    dims = tuple(dimensions)
    monoids = {id(_lax_add): _jnp.sum, id(_op.add): _jnp.sum, id(_jnp.add): _jnp.sum,
               id(_lax_mul): _jnp.prod, id(_op.mul): _jnp.prod, id(_jnp.multiply): _jnp.prod,
               id(_lax_max): _jnp.max, id(_jnp.maximum): _jnp.max,
               id(_lax_min): _jnp.min, id(_jnp.minimum): _jnp.min}
    if len(flat_ops) == 1 and id(computation) in monoids:
        x = _jnp.asarray(flat_ops[0])
        init = _jnp.asarray(flat_init[0], x.dtype)
        r = monoids[id(computation)](x, axis=dims)
        return _tu.tree_unflatten(tree, [computation(init, r).astype(x.dtype)])
    if len(flat_ops) == 1:
        x = _jnp.asarray(flat_ops[0])
        r = _reduce_fold(computation, x, _jnp.asarray(flat_init[0], x.dtype), dims)
        return _tu.tree_unflatten(tree, [r])
    # Several operands: fold the tuple.
    xs = [_jnp.asarray(o) for o in flat_ops]
    axes = tuple(a % xs[0].ndim for a in dims)
    keep = [i for i in range(xs[0].ndim) if i not in axes]
    xs = [_jnp.transpose(x, list(axes) + keep) for x in xs]
    rest = tuple(xs[0].shape[len(axes):])
    n = 1
    for d in xs[0].shape[:len(axes)]:
        n *= d
    xs = [x.reshape((n,) + rest) for x in xs]
    acc = _tu.tree_unflatten(tree, [_jnp.broadcast_to(_jnp.asarray(i, x.dtype), rest)
                                    for i, x in zip(flat_init, xs)])
    for i in range(n):
        acc = computation(acc, _tu.tree_unflatten(tree, [x[i] for x in xs]))
    return acc


def argmax(operand, axis, index_dtype):
    return _jnp.argmax(operand, axis=axis).astype(index_dtype)


def argmin(operand, axis, index_dtype):
    return _jnp.argmin(operand, axis=axis).astype(index_dtype)


def squeeze(array, dimensions):
    array = _jnp.asarray(array)
    dims = tuple(d % array.ndim for d in dimensions)
    for d in dims:
        if array.shape[d] != 1:
            raise ValueError('cannot select an axis to squeeze out which has size not equal to '
                             'one, got shape=' + str(tuple(array.shape)) + ' and dimensions=' +
                             str(tuple(dimensions)))
    return _jnp.squeeze(array, axis=dims) if dims else array


def expand_dims(array, dimensions):
    array = _jnp.asarray(array)
    nd = array.ndim + len(dimensions)
    dims = sorted(d % nd for d in dimensions)
    shape = list(array.shape)
    for d in dims:
        shape.insert(d, 1)
    return array.reshape(tuple(shape))


def rev(operand, dimensions):
    return _jnp.flip(operand, axis=tuple(dimensions)) if len(dimensions) else _jnp.asarray(operand)


def broadcast(operand, sizes):
    operand = _jnp.asarray(operand)
    return _jnp.broadcast_to(operand, tuple(sizes) + tuple(operand.shape))


def broadcast_to_rank(x, rank):
    x = _jnp.asarray(x)
    nd = x.ndim
    if nd == rank:
        return x
    return broadcast(x, (1,) * (rank - nd))


def collapse(operand, start_dimension, stop_dimension=None):
    operand = _jnp.asarray(operand)
    nd = operand.ndim
    lo = start_dimension % nd if nd else 0
    hi = nd if stop_dimension is None else (stop_dimension if stop_dimension >= 0
                                            else stop_dimension + nd)
    size = 1
    for d in operand.shape[lo:hi]:
        size *= d
    return operand.reshape(tuple(operand.shape[:lo]) + (size,) + tuple(operand.shape[hi:]))


def select_n(which, *cases):
    if not cases:
        raise ValueError('select_n() must have at least one case')
    which = _jnp.asarray(which)
    if len(cases) == 1:
        return _jnp.asarray(cases[0])
    if which.dtype == _jnp.bool_:
        if len(cases) > 2:
            raise TypeError('select_n with a boolean predicate takes at most 2 cases, got ' +
                            str(len(cases)))
        return _jnp.where(which, cases[1], cases[0])
    out = _jnp.asarray(cases[-1])
    for i in range(len(cases) - 2, -1, -1):
        out = _jnp.where(which == i, cases[i], out)
    return out


def reciprocal(x):
    return 1 / _jnp.asarray(x) if not _jnp.issubdtype(_jnp.asarray(x).dtype, _jnp.integer) \
        else _jnp.asarray(1, _jnp.asarray(x).dtype) // x


def erfc(x):
    import jax.scipy.special as _sp
    return _sp.erfc(x)


# XLA's Lanczos approximation (g = 7, 8 terms), as chlo.lgamma/digamma lower.
_LANCZOS_G = 7.0
_LANCZOS_BASE = 0.99999999999980993227684700473478
_LANCZOS = [676.520368121885098567009190444019, -1259.13921672240287047156078755283,
            771.3234287776530788486528258894, -176.61502916214059906584551354,
            12.507343278686904814458936853, -0.13857109526572011689554707,
            9.984369578019570859563e-6, 1.50563273514931155834e-7]


def _float_arg(x):
    x = _jnp.asarray(x)
    if not _jnp.issubdtype(x.dtype, _jnp.floating):
        raise TypeError('lgamma does not accept dtype ' + str(x.dtype) +
                        '. Accepted dtypes are subtypes of floating.')
    return x


def lgamma(x):
    return _lgamma_jvp(_float_arg(x))


def _lgamma_impl(x):
    dt = x.dtype
    c = lambda v: _jnp.asarray(v, dt)
    need_to_reflect = x < c(0.5)
    z = _jnp.where(need_to_reflect, -x, x - c(1))
    acc = c(_LANCZOS_BASE)
    for i, coeff in enumerate(_LANCZOS):
        acc = acc + c(coeff) / (z + c(i) + c(1))
    t = c(_LANCZOS_G + 0.5) + z
    log_t = c(_math.log(_LANCZOS_G + 0.5)) + _jnp.log1p(z / c(_LANCZOS_G + 0.5))
    log_y = c((_math.log(2) + _math.log(_math.pi)) / 2) + (z + c(0.5) - t / log_t) * log_t + \
        _jnp.log(acc)
    abs_x = _jnp.abs(x)
    frac = abs_x - _jnp.floor(abs_x)
    reduced = _jnp.where(frac > c(0.5), c(1) - frac, frac)
    denom = _jnp.log(_jnp.sin(c(_math.pi) * reduced))
    reflection = _jnp.where(_jnp.isfinite(denom), c(_math.log(_math.pi)) - denom - log_y, -denom)
    result = _jnp.where(need_to_reflect, reflection, log_y)
    return _jnp.where(_jnp.isinf(x), c(_jnp.inf), result)


def _lgamma_jvp_rule(primals, tangents):
    x, = primals
    t, = tangents
    return _lgamma_impl(x), t * digamma(x)


def digamma(x):
    return _digamma_jvp(_float_arg(x))


def _digamma_impl(x):
    dt = x.dtype
    c = lambda v: _jnp.asarray(v, dt)
    need_to_reflect = x < c(0.5)
    z = _jnp.where(need_to_reflect, -x, x - c(1))
    num = c(0)
    den = c(_LANCZOS_BASE)
    for i, coeff in enumerate(_LANCZOS):
        zi = z + c(i) + c(1)
        num = num - c(coeff) / (zi * zi)
        den = den + c(coeff) / zi
    t = c(_LANCZOS_G + 0.5) + z
    log_t = c(_math.log(_LANCZOS_G + 0.5)) + _jnp.log1p(z / c(_LANCZOS_G + 0.5))
    y = log_t + num / den - c(_LANCZOS_G) / t
    reduced = x + _jnp.abs(_jnp.floor(x + c(0.5)))
    reflection = y - c(_math.pi) * _jnp.cos(c(_math.pi) * reduced) / _jnp.sin(c(_math.pi) * reduced)
    real = _jnp.where(need_to_reflect, reflection, y)
    return _jnp.where((x <= c(0)) & (x == _jnp.floor(x)), c(_jnp.nan), real)


def _digamma_jvp_rule(primals, tangents):
    x, = primals
    t, = tangents
    import jax.scipy.special as _sp
    return _digamma_impl(x), t * _sp.polygamma(1, x)


_CUSTOM = {}


def _with_jvp(name, impl, rule):
    # custom_jvp wrappers, made on first use (see _parax_lazy).
    f = _CUSTOM.get(name)
    if f is None:
        f = _jax.custom_jvp(impl)
        f.defjvp(rule)
        _CUSTOM[name] = f
    return f


def _lgamma_jvp(x):
    return _with_jvp('lgamma', _lgamma_impl, _lgamma_jvp_rule)(x)


def _digamma_jvp(x):
    return _with_jvp('digamma', _digamma_impl, _digamma_jvp_rule)(x)


def _igamma_series(a, x):
    # Cephes/XLA: sum x^n / (a (a+1) ... (a+n)), scaled by x^a e^-x / Gamma(a+1).
    dt = x.dtype
    def cond(s):
        return _jnp.any(s[3]) & (s[4] < 2000)

    def body(s):
        r, c, ans, enabled, i = s
        r2 = r + 1
        c2 = c * (x / r2)
        ans2 = ans + c2
        still = enabled & (c2 / ans2 > _jnp.finfo(dt).eps)
        return (_jnp.where(enabled, r2, r), _jnp.where(enabled, c2, c),
                _jnp.where(enabled, ans2, ans), still, i + 1)

    ones = _jnp.ones_like(x)
    init = (a, ones, ones, _jnp.ones(x.shape, bool), 0)
    ans = while_loop(cond, body, init)[2]
    ax = a * _jnp.log(x) - x - lgamma(a + 1)
    return ans * _jnp.exp(ax)


def _igammac_cf(a, x):
    # Continued fraction for the upper tail (Cephes igamc).
    dt = x.dtype
    big = _jnp.asarray(4503599627370496.0 if dt == _jnp.float64 else 16777216.0, dt)
    biginv = 1 / big
    y = 1 - a
    z = x + y + 1
    c0 = _jnp.zeros_like(x)
    pkm2 = _jnp.ones_like(x)
    qkm2 = x
    pkm1 = x + 1
    qkm1 = z * x
    ans = pkm1 / qkm1

    def cond(s):
        return _jnp.any(s[-2]) & (s[-1] < 2000)

    def body(s):
        ans, y, z, c, pkm1, pkm2, qkm1, qkm2, enabled, i = s
        c2 = c + 1
        y2 = y + 1
        z2 = z + 2
        yc = y2 * c2
        pk = pkm1 * z2 - pkm2 * yc
        qk = qkm1 * z2 - qkm2 * yc
        qk_nz = qk != 0
        r = pk / _jnp.where(qk_nz, qk, 1)
        t = _jnp.where(qk_nz, _jnp.abs((ans - r) / _jnp.where(r != 0, r, 1)), 1)
        ans2 = _jnp.where(qk_nz, r, ans)
        pkm2n, pkm1n, qkm2n, qkm1n = pkm1, pk, qkm1, qk
        rescale = _jnp.abs(pk) > big
        pkm2n = _jnp.where(rescale, pkm2n * biginv, pkm2n)
        pkm1n = _jnp.where(rescale, pkm1n * biginv, pkm1n)
        qkm2n = _jnp.where(rescale, qkm2n * biginv, qkm2n)
        qkm1n = _jnp.where(rescale, qkm1n * biginv, qkm1n)
        still = enabled & (t > _jnp.finfo(dt).eps)
        sel = lambda new, old: _jnp.where(enabled, new, old)
        return (sel(ans2, ans), sel(y2, y), sel(z2, z), sel(c2, c), sel(pkm1n, pkm1),
                sel(pkm2n, pkm2), sel(qkm1n, qkm1), sel(qkm2n, qkm2), still, i + 1)

    init = (ans, y, z, c0, pkm1, pkm2, qkm1, qkm2, _jnp.ones(x.shape, bool), 0)
    ans = while_loop(cond, body, init)[0]
    ax = a * _jnp.log(x) - x - lgamma(a)
    return ans * _jnp.exp(ax)


def _igamma_args(a, x):
    a, x = _jnp.asarray(a), _jnp.asarray(x)
    dt = _jnp.result_type(a.dtype, x.dtype)
    if not _jnp.issubdtype(dt, _jnp.floating):
        dt = _jnp.float32
    shape = _jnp.broadcast_shapes(a.shape, x.shape)
    return _jnp.broadcast_to(a.astype(dt), shape), _jnp.broadcast_to(x.astype(dt), shape)


def igamma(a, x):
    a, x = _igamma_args(a, x)
    use_cf = (x > 1) & (x > a)
    safe_x = _jnp.where(x > 0, x, 1)
    lower = _igamma_series(a, safe_x)
    upper = 1 - _igammac_cf(a, _jnp.where(use_cf, safe_x, a + 2))
    out = _jnp.where(use_cf, upper, lower)
    out = _jnp.where(x == 0, 0, out)
    out = _jnp.where(_jnp.isinf(x) & (x > 0), 1, out)
    return _jnp.where((x < 0) | (a <= 0) | _jnp.isnan(a) | _jnp.isnan(x), _jnp.nan, out)


def igammac(a, x):
    a, x = _igamma_args(a, x)
    use_series = (x < 1) | (x < a)
    safe_x = _jnp.where(x > 0, x, 1)
    lower = 1 - _igamma_series(a, safe_x)
    upper = _igammac_cf(a, _jnp.where(use_series, a + 2, safe_x))
    out = _jnp.where(use_series, lower, upper)
    out = _jnp.where(x == 0, 1, out)
    out = _jnp.where(_jnp.isinf(x) & (x > 0), 0, out)
    return _jnp.where((x < 0) | (a <= 0) | _jnp.isnan(a) | _jnp.isnan(x), _jnp.nan, out)


def _uint_view(x):
    x = _jnp.asarray(x)
    bits = x.dtype.itemsize * 8
    if _jnp.issubdtype(x.dtype, _jnp.signedinteger):
        return _bitcast(x, {8: _jnp.uint8, 16: _jnp.uint16, 32: _jnp.uint32,
                            64: _jnp.uint64}[bits]), bits
    if not _jnp.issubdtype(x.dtype, _jnp.unsignedinteger):
        raise TypeError('population_count does not accept dtype ' + str(x.dtype) +
                        '. Accepted dtypes are subtypes of integer.')
    return x, bits


def population_count(x):
    x = _jnp.asarray(x)
    u, bits = _uint_view(x)
    one = _jnp.asarray(1, u.dtype)
    n = _jnp.zeros(u.shape, u.dtype)
    for i in range(bits):
        n = n + (_srl(u, _jnp.asarray(i, u.dtype)) & one)
    return n.astype(x.dtype)


def clz(x):
    x = _jnp.asarray(x)
    u, bits = _uint_view(x)
    one = _jnp.asarray(1, u.dtype)
    n = _jnp.zeros(u.shape, u.dtype)
    found = _jnp.zeros(u.shape, bool)
    for i in range(bits - 1, -1, -1):
        bit = (_srl(u, _jnp.asarray(i, u.dtype)) & one) == one
        found = found | bit
        n = n + _jnp.where(found, 0, 1).astype(u.dtype)
    return n.astype(x.dtype)


def nextafter(x1, x2):
    x1, x2 = _jnp.asarray(x1), _jnp.asarray(x2)
    dt = _jnp.result_type(x1.dtype, x2.dtype)
    if not _jnp.issubdtype(dt, _jnp.floating):
        dt = _jnp.float32
    x1, x2 = _jnp.broadcast_arrays(x1.astype(dt), x2.astype(dt))
    it = {2: _jnp.int16, 4: _jnp.int32, 8: _jnp.int64}[_jnp.dtype(dt).itemsize]
    bits = _bitcast(x1, it)
    tiny = _bitcast(_jnp.asarray(1, it), dt)
    step = _jnp.where((x1 < x2) == (x1 > 0), 1, -1).astype(it)
    moved = _bitcast(bits + step, dt)
    out = _jnp.where(x1 == 0, _jnp.where(x2 > 0, tiny, -tiny), moved)
    out = _jnp.where(x1 == x2, x2, out)
    return _jnp.where(_jnp.isnan(x1) | _jnp.isnan(x2), _jnp.nan, out)


def tile(operand, multiples):
    return _jnp.tile(operand, tuple(multiples))


def split(operand, sizes, axis=0):
    operand = _jnp.asarray(operand)
    axis = _axis(axis, operand.ndim)
    if sum(sizes) != operand.shape[axis]:
        raise ValueError('Sum of sizes ' + str(sum(sizes)) + ' must be equal to dimension ' +
                         str(operand.shape[axis]) + ' of the operand shape ' +
                         str(tuple(operand.shape)))
    out = []
    start = 0
    for s in sizes:
        out.append(slice_in_dim(operand, start, start + s, axis=axis))
        start += s
    return out


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    keys = _jnp.asarray(keys)
    values = _jnp.asarray(values)
    perm = _jnp.argsort(keys, axis=dimension, stable=True)
    return (_jnp.take_along_axis(keys, perm, axis=dimension),
            _jnp.take_along_axis(values, perm, axis=dimension))


def _interleave(a, b, axis):
    # a holds the even positions, b the odd ones.
    na, nb = a.shape[axis], b.shape[axis]
    shape = list(a.shape)
    shape[axis] = na + nb
    out = _jnp.zeros(tuple(shape), _jnp.result_type(a.dtype, b.dtype))
    idx = [_IX[:]] * a.ndim
    idx[axis] = _IX[::2]
    out = out.at[tuple(idx)].set(a)
    idx[axis] = _IX[1::2]
    return out.at[tuple(idx)].set(b)


def associative_scan(fn, elems, reverse=False, axis=0):
    elems_flat, tree = _tu.tree_flatten(elems)
    elems_flat = [_jnp.asarray(e) for e in elems_flat]
    if not elems_flat:
        return elems
    axis = _axis(axis, elems_flat[0].ndim)
    if reverse:
        elems_flat = [rev(e, [axis]) for e in elems_flat]

    def combine(a_flat, b_flat):
        c = fn(_tu.tree_unflatten(tree, a_flat), _tu.tree_unflatten(tree, b_flat))
        return [_jnp.asarray(v) for v in _tu.tree_flatten(c)[0]]

    n0 = elems_flat[0].shape[axis]
    for e in elems_flat:
        if e.shape[axis] != n0:
            raise ValueError('Array inputs to associative_scan must have the same first '
                             'dimension.')

    def scan_(els):
        n = els[0].shape[axis]
        if n < 2:
            return els
        reduced = combine([slice_in_dim(e, 0, n - 1, 2, axis) for e in els],
                          [slice_in_dim(e, 1, n, 2, axis) for e in els])
        odd = scan_(reduced)
        if n % 2 == 0:
            even = combine([slice_in_dim(e, 0, e.shape[axis] - 1, 1, axis) for e in odd],
                           [slice_in_dim(e, 2, n, 2, axis) for e in els])
        else:
            even = combine(odd, [slice_in_dim(e, 2, n, 2, axis) for e in els])
        even = [_jnp.concatenate([slice_in_dim(e, 0, 1, 1, axis), r], axis=axis)
                for e, r in zip(els, even)]
        return [_interleave(e, o, axis) for e, o in zip(even, odd)]

    scans = scan_(elems_flat)
    if reverse:
        scans = [rev(s, [axis]) for s in scans]
    return _tu.tree_unflatten(tree, scans)


def reduce_precision(operand, exponent_bits, mantissa_bits):
    # XLA's ReducePrecision: round the mantissa to nearest even, then clamp
    # the exponent range (overflow to inf, underflow to signed zero).
    x = _jnp.asarray(operand)
    dt = x.dtype
    if dt == _jnp.float64:
        ut, nbits, nmant, nexp = _jnp.uint64, 64, 52, 11
    elif dt == _jnp.float32:
        ut, nbits, nmant, nexp = _jnp.uint32, 32, 23, 8
    else:
        return reduce_precision(x.astype(_jnp.float32), exponent_bits, mantissa_bits).astype(dt)
    u = _bitcast(x, ut)
    U = lambda v: _jnp.asarray(v, ut)
    if mantissa_bits < nmant:
        shift = nmant - mantissa_bits
        last_bit_mask = U(1 << shift)
        base_rounding_bias = U((1 << (shift - 1)) - 1)
        x_last = _srl(u & last_bit_mask, U(shift))
        bias = base_rounding_bias + x_last
        truncation_mask = U(((1 << nbits) - 1) ^ ((1 << shift) - 1))
        u = (u + bias) & truncation_mask
    if exponent_bits < nexp:
        sign_mask = U(1 << (nbits - 1))
        exp_mask = U(((1 << nexp) - 1) << nmant)
        exp_bias = (1 << (nexp - 1)) - 1
        red_bias = (1 << (exponent_bits - 1)) - 1
        max_exp = U((exp_bias + red_bias) << nmant)
        min_exp = U((exp_bias - red_bias) << nmant)
        x_exp = u & exp_mask
        overflow = x_exp > max_exp
        underflow = x_exp <= min_exp
        x_signed_zero = u & sign_mask
        x_signed_inf = x_signed_zero | exp_mask
        u = _jnp.where(overflow, x_signed_inf, _jnp.where(underflow, x_signed_zero, u))
    out = _bitcast(u, dt)
    if mantissa_bits < nmant or exponent_bits < nexp:
        out = _jnp.where(_jnp.isnan(x), x, out)
    return out


def custom_root(f, initial_guess, solve, tangent_solve, has_aux=False):
    # The forward value is solve(f, initial_guess); parax differentiates
    # through the solver itself rather than implicitly.
    out = solve(f, initial_guess)
    return out


def custom_linear_solve(matvec, b, solve, transpose_solve=None, symmetric=False, has_aux=False):
    return solve(matvec, b)


def batch_matmul(lhs, rhs, precision=None):
    return _jnp.matmul(lhs, rhs)


def broadcast_shapes(*shapes):
    return tuple(_jnp.broadcast_shapes(*shapes))


def polygamma(m, x):
    import jax.scipy.special as _sp
    return _sp.polygamma(m, x)


def zeta(x, q):
    import jax.scipy.special as _sp
    return _sp.zeta(x, q)


def bessel_i0e(x):
    import jax.scipy.special as _sp
    return _sp.i0e(x)


def bessel_i1e(x):
    import jax.scipy.special as _sp
    return _sp.i1e(x)


def betainc(a, b, x):
    import jax.scipy.special as _sp
    return _sp.betainc(a, b, x)


# ---------------------------------------------------------------------------
# gather and scatter with XLA's dimension numbers, as advanced indexing: each
# operand axis gets an index array over (batch..., window...) built from the
# start indices, then the window axes are put where the numbers say.
import enum as _enum
from typing import NamedTuple as _NamedTuple


class GatherDimensionNumbers(_NamedTuple):
    offset_dims: tuple
    collapsed_slice_dims: tuple
    start_index_map: tuple
    operand_batching_dims: tuple = ()
    start_indices_batching_dims: tuple = ()


class ScatterDimensionNumbers(_NamedTuple):
    update_window_dims: tuple
    inserted_window_dims: tuple
    scatter_dims_to_operand_dims: tuple
    operand_batching_dims: tuple = ()
    scatter_indices_batching_dims: tuple = ()


class GatherScatterMode(_enum.Enum):
    CLIP = 1
    FILL_OR_DROP = 2
    PROMISE_IN_BOUNDS = 3
    ONE_HOT = 4

    @staticmethod
    def from_any(s):
        if isinstance(s, GatherScatterMode):
            return s
        if s == 'clip':
            return GatherScatterMode.CLIP
        if s is None or s == 'fill' or s == 'drop':
            return GatherScatterMode.FILL_OR_DROP
        if s == 'promise_in_bounds':
            return GatherScatterMode.PROMISE_IN_BOUNDS
        if s == 'one_hot':
            return GatherScatterMode.ONE_HOT
        raise ValueError('Unknown gather mode "' + str(s) + '"')


def _window_index(operand_shape, indices, window_sizes, start_map, batch_op, batch_idx,
                  collapsed, clip):
    """Per operand axis, the index arrays over batch + window axes (window
    axes: the operand axes not collapsed and not batching, in order); plus
    whether each window lies in bounds."""
    nb = indices.ndim - 1
    batch_shape = tuple(indices.shape[:-1])
    win_axes = [d for d in range(len(operand_shape)) if d not in collapsed and d not in batch_op]
    win_shape = tuple(window_sizes[d] for d in win_axes)
    full = batch_shape + win_shape
    idx = []
    valid = _jnp.ones(batch_shape, bool)
    for d in range(len(operand_shape)):
        if d in batch_op:
            bdim = batch_idx[list(batch_op).index(d)]
            bd = bdim - (1 if bdim > indices.ndim - 1 else 0)
            idx.append(_jnp.broadcast_to(
                broadcasted_iota(_jnp.int32, batch_shape, bd).reshape(batch_shape +
                                                                     (1,) * len(win_shape)),
                full))
            continue
        if d in start_map:
            start = indices[..., list(start_map).index(d)].astype(_jnp.int32)
            hi = operand_shape[d] - window_sizes[d]
            valid = valid & (start >= 0) & (start <= hi)
            if clip:
                start = _jnp.clip(start, 0, _builtins_max(hi, 0))
        else:
            start = _jnp.zeros(batch_shape, _jnp.int32)
        start = start.reshape(batch_shape + (1,) * len(win_shape))
        if d in win_axes:
            w = win_axes.index(d)
            shape = [1] * len(full)
            shape[nb + w] = window_sizes[d]
            off = _jnp.arange(window_sizes[d], dtype=_jnp.int32).reshape(tuple(shape))
            idx.append(_jnp.broadcast_to(start + off, full))
        else:
            idx.append(_jnp.broadcast_to(start, full))
    return idx, valid, nb, len(win_shape)


def _builtins_max(a, b):
    return a if a > b else b


def gather(operand, start_indices, dimension_numbers, slice_sizes, *, unique_indices=False,
           indices_are_sorted=False, mode=None, fill_value=None):
    x = _jnp.asarray(operand)
    ind = _jnp.asarray(start_indices)
    dn = dimension_numbers
    m = GatherScatterMode.PROMISE_IN_BOUNDS if mode is None else GatherScatterMode.from_any(mode)
    slice_sizes = tuple(slice_sizes)
    idx, valid, nb, nw = _window_index(x.shape, ind, slice_sizes, tuple(dn.start_index_map),
                                       tuple(dn.operand_batching_dims),
                                       tuple(dn.start_indices_batching_dims),
                                       tuple(dn.collapsed_slice_dims), True)
    out = x[tuple(idx)]
    if m == GatherScatterMode.FILL_OR_DROP:
        if fill_value is None:
            if _jnp.issubdtype(x.dtype, _jnp.floating):
                fill_value = _jnp.nan
            elif x.dtype == _jnp.bool_:
                fill_value = True
            elif _jnp.issubdtype(x.dtype, _jnp.signedinteger):
                fill_value = _jnp.iinfo(x.dtype).min
            else:
                fill_value = _jnp.iinfo(x.dtype).max
        out = _jnp.where(valid.reshape(valid.shape + (1,) * nw), out,
                         _jnp.asarray(fill_value, x.dtype))
    # Output axes: batch axes in order, window axes at offset_dims.
    rank = nb + nw
    offset = list(dn.offset_dims)
    batch_pos = [i for i in range(rank) if i not in offset]
    perm = [0] * rank
    for j, p in enumerate(batch_pos):
        perm[p] = j
    for j, p in enumerate(offset):
        perm[p] = nb + j
    return _jnp.transpose(out, perm)


def _scatter(operand, scatter_indices, updates, dimension_numbers, mode, combine):
    x = _jnp.asarray(operand)
    ind = _jnp.asarray(scatter_indices)
    upd = _jnp.asarray(updates).astype(x.dtype)
    dn = dimension_numbers
    m = GatherScatterMode.from_any(mode)
    nb = ind.ndim - 1
    win_dims = list(dn.update_window_dims)
    batch_u = [i for i in range(upd.ndim) if i not in win_dims]
    upd = _jnp.transpose(upd, batch_u + win_dims)
    inserted = tuple(dn.inserted_window_dims)
    batch_op = tuple(dn.operand_batching_dims)
    win_axes = [d for d in range(x.ndim) if d not in inserted and d not in batch_op]
    sizes = [1] * x.ndim
    for j, d in enumerate(win_axes):
        sizes[d] = upd.shape[nb + j]
    idx, valid, _, nw = _window_index(x.shape, ind, tuple(sizes),
                                      tuple(dn.scatter_dims_to_operand_dims), batch_op,
                                      tuple(dn.scatter_indices_batching_dims), inserted,
                                      m != GatherScatterMode.FILL_OR_DROP)
    if m == GatherScatterMode.FILL_OR_DROP:
        # An out-of-bounds window is dropped whole: send it past the end.
        v = valid.reshape(valid.shape + (1,) * nw)
        idx = [_jnp.where(v, i, x.shape[d]) for d, i in enumerate(idx)]
    ref = x.at[tuple(idx)]
    return combine(ref, upd)


def scatter(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
            unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, mode,
                    lambda r, u: r.set(u, mode='drop'))


def scatter_add(operand, scatter_indices, updates, dimension_numbers, *,
                indices_are_sorted=False, unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, mode,
                    lambda r, u: r.add(u, mode='drop'))


def scatter_sub(operand, scatter_indices, updates, dimension_numbers, *,
                indices_are_sorted=False, unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, mode,
                    lambda r, u: r.add(-u, mode='drop'))


def scatter_mul(operand, scatter_indices, updates, dimension_numbers, *,
                indices_are_sorted=False, unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, mode,
                    lambda r, u: r.multiply(u, mode='drop'))


def scatter_min(operand, scatter_indices, updates, dimension_numbers, *,
                indices_are_sorted=False, unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, mode,
                    lambda r, u: r.min(u, mode='drop'))


def scatter_max(operand, scatter_indices, updates, dimension_numbers, *,
                indices_are_sorted=False, unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, mode,
                    lambda r, u: r.max(u, mode='drop'))


def scatter_apply(operand, scatter_indices, func, dimension_numbers, *, update_shape=(),
                  indices_are_sorted=False, unique_indices=False, mode=None):
    x = _jnp.asarray(operand)
    return _scatter(operand, scatter_indices, _jnp.zeros(tuple(update_shape), x.dtype),
                    dimension_numbers, mode, lambda r, u: r.apply(func, mode='drop'))


def _conv_transpose_padding(k, s, padding):
    if padding == 'SAME':
        pad_len = k + s - 2
        pad_a = k - 1 if s > k - 1 else -(-pad_len // 2)
    elif padding == 'VALID':
        pad_len = k + s - 2 + _builtins_max(k - s, 0)
        pad_a = k - 1
    elif isinstance(padding, tuple):
        pads = tuple(k - p - 1 for p in padding)
        pad_a = pads[0]
        pad_len = sum(pads)
    else:
        raise ValueError('Invalid padding mode: ' + str(padding))
    return pad_a, pad_len - pad_a


_CONV_DEFAULT_SPECS = {2: ('NC', 'IO', 'NC'), 3: ('NHC', 'HIO', 'NHC'),
                       4: ('NHWC', 'HWIO', 'NHWC'), 5: ('NHWDC', 'HWDIO', 'NHWDC')}


def conv_transpose(lhs, rhs, strides, padding, rhs_dilation=None, dimension_numbers=None,
                   transpose_kernel=False, precision=None, preferred_element_type=None,
                   use_consistent_padding=False):
    # A transposed convolution is a convolution of the lhs dilated by the
    # strides, with padding that undoes the forward one.
    lhs = _jnp.asarray(lhs)
    rhs = _jnp.asarray(rhs)
    nd = lhs.ndim
    if dimension_numbers is None:
        if nd not in _CONV_DEFAULT_SPECS:
            raise ValueError('No 4+ dimensional dimension_number defaults.')
        dimension_numbers = _CONV_DEFAULT_SPECS[nd]
    dn = conv_dimension_numbers(lhs.shape, rhs.shape, dimension_numbers)
    rhs_spec = dn[1]
    k_sdims = [rhs.shape[i] for i in rhs_spec[2:]]
    if rhs_dilation is None:
        rhs_dilation = (1,) * (nd - 2)
    if use_consistent_padding or (isinstance(padding, str) and padding in ('SAME', 'VALID')):
        eff = [0 if k == 0 else 1 + r * (k - 1) for k, r in zip(k_sdims, rhs_dilation)]
        rep = [padding] * len(strides) if isinstance(padding, str) else padding
        pads = tuple(_conv_transpose_padding(k, s, p) for k, s, p in zip(eff, strides, rep))
    else:
        pads = padding
    if transpose_kernel:
        rhs = _jnp.flip(rhs, axis=tuple(rhs_spec[2:]))
        rhs = _jnp.swapaxes(rhs, rhs_spec[0], rhs_spec[1])
    return conv_general_dilated(lhs, rhs, (1,) * (nd - 2), pads, tuple(strides),
                                tuple(rhs_dilation), dn)


def conv_general_dilated_patches(lhs, filter_shape, window_strides, padding, lhs_dilation=None,
                                 rhs_dilation=None, dimension_numbers=None, precision=None,
                                 preferred_element_type=None):
    # Patches as a grouped convolution with one-hot kernels.
    x = _jnp.asarray(lhs)
    filter_shape = tuple(filter_shape)
    dn = conv_dimension_numbers(x.shape, (1, 1) + filter_shape, dimension_numbers)
    lhs_spec, rhs_spec, _ = dn
    size = 1
    for f in filter_shape:
        size *= f
    c = x.shape[lhs_spec[1]]
    eye = _jnp.eye(size, dtype=x.dtype)
    rhs = _jnp.broadcast_to(eye, (c, size, size)).reshape((c * size, 1) + filter_shape)
    rhs = _jnp.moveaxis(rhs, (0, 1), (rhs_spec[0], rhs_spec[1]))
    return conv_general_dilated(x, rhs, window_strides, padding, lhs_dilation, rhs_dilation, dn,
                                feature_group_count=c)


def dtype(x, *, canonicalize=False):
    return _jnp.result_type(x) if not hasattr(x, 'dtype') else _jnp.dtype(x.dtype)


def real(x):
    # Complex numbers are not part of parax; on real input lax raises.
    raise TypeError('real does not accept dtype ' + str(dtype(x)) +
                    '. Accepted dtypes are subtypes of complexfloating.')


def imag(x):
    raise TypeError('imag does not accept dtype ' + str(dtype(x)) +
                    '. Accepted dtypes are subtypes of complexfloating.')


def index_take(src, idxs, axes):
    src = _jnp.asarray(src)
    idxs = tuple(idxs)
    axes = tuple(axes)
    if len(idxs) != len(axes):
        raise ValueError('index_take: expected as many indices as axes')
    idx = [_IX[:]] * src.ndim
    for i, a in zip(idxs, axes):
        idx[a] = _jnp.asarray(i)
    # Advanced indices on several axes broadcast together, as in lax.
    return src[tuple(idx)] if len(axes) == 1 else _jnp.moveaxis(src, axes, tuple(
        range(len(axes))))[tuple(_jnp.asarray(i) for i in idxs)]


def stack(operands, axis=0):
    operands = [_jnp.asarray(o) for o in operands]
    if not operands:
        raise ValueError('lax.stack requires at least one operand')
    shape = tuple(operands[0].shape)
    for o in operands:
        if tuple(o.shape) != shape:
            raise TypeError('lax.stack requires operands of the same shape, got ' +
                            str(shape) + ' and ' + str(tuple(o.shape)))
    return _jnp.stack(operands, axis=axis)


def unstack(x, axis=0):
    x = _jnp.asarray(x)
    ax = _axis(axis, x.ndim)
    return tuple(index_in_dim(x, i, ax, keepdims=False) for i in range(x.shape[ax]))


def broadcast_like(arr, like_arr):
    return _jnp.broadcast_to(arr, _jnp.shape(like_arr))


def empty(shape, dtype, *, out_sharding=None):
    # Unspecified contents in XLA; zeros here.
    return _jnp.zeros(tuple(shape), dtype)


def mulhi(x, y):
    # The upper half of the double-width product.
    x, y = _jnp.asarray(x), _jnp.asarray(y)
    dt = x.dtype
    bits = dt.itemsize * 8
    if bits == 64:
        raise NotImplementedError('lax.mulhi of 64-bit integers is not implemented in parax')
    wide = {8: _jnp.int16, 16: _jnp.int32, 32: _jnp.int64}[bits] if \
        _jnp.issubdtype(dt, _jnp.signedinteger) else \
        {8: _jnp.uint16, 16: _jnp.uint32, 32: _jnp.uint64}[bits]
    if bits == 32:
        # Without 64-bit arrays: split into 16-bit halves.
        u = _jnp.uint32
        xu, yu = _bitcast(x, u), _bitcast(y, u)
        m = _jnp.uint32(0xFFFF)
        s16 = _jnp.uint32(16)
        x0, x1 = xu & m, _srl(xu, s16)
        y0, y1 = yu & m, _srl(yu, s16)
        t = x0 * y0
        mid1 = x1 * y0 + _srl(t, s16)
        mid2 = x0 * y1 + (mid1 & m)
        hi = x1 * y1 + _srl(mid1, s16) + _srl(mid2, s16)
        if _jnp.issubdtype(dt, _jnp.signedinteger):
            # Signed: subtract the other operand where one is negative.
            hi = hi - _jnp.where(x < 0, yu, 0).astype(u) - _jnp.where(y < 0, xu, 0).astype(u)
        return _bitcast(hi, dt)
    return ((x.astype(wide) * y.astype(wide)) >> bits).astype(dt)


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    # On CPU JAX computes these exactly: top_k along the reduction axis.
    x = _jnp.asarray(operand)
    ax = _axis(reduction_dimension, x.ndim)
    v, i = top_k(_jnp.moveaxis(x, ax, -1), k)
    return [_jnp.moveaxis(v, -1, ax), _jnp.moveaxis(i, -1, ax)]


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    v, i = approx_max_k(-_jnp.asarray(operand), k, reduction_dimension)
    return [-v, i]
