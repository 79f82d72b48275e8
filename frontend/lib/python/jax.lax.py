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


def dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None):
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


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    return sort((keys, values), dimension=dimension, is_stable=is_stable, num_keys=1)


def _reduction(kind, operand, axes):
    x = _jnp.asarray(operand)
    axes = tuple(_axis(a, x.ndim) for a in axes)
    if kind == 'and':
        return _jnp.all(x, axis=axes) if x.dtype == _jnp.bool_ else _reduce_bits(x, axes, 'and')
    if kind == 'or':
        return _jnp.any(x, axis=axes) if x.dtype == _jnp.bool_ else _reduce_bits(x, axes, 'or')
    return getattr(_jnp, kind)(x, axis=axes)


def _reduce_bits(x, axes, kind):
    raise NotImplementedError('lax.reduce_' + kind + ' of integers is not implemented in parax')


def reduce_sum(operand, axes):
    return _reduction('sum', operand, axes)


def reduce_prod(operand, axes):
    return _reduction('prod', operand, axes)


def reduce_max(operand, axes):
    return _reduction('max', operand, axes)


def reduce_min(operand, axes):
    return _reduction('min', operand, axes)


def reduce_and(operand, axes):
    return _reduction('and', operand, axes)


def reduce_or(operand, axes):
    return _reduction('or', operand, axes)


def reduce(operands, init_values, computation, dimensions):
    """lax.reduce for the monoids JAX recognises (add, mul, max, min and the
    logical ops, as lax functions or jnp ufuncs) and their identity init."""
    import jax.numpy as jnp
    multi = isinstance(operands, (tuple, list))
    ops = list(operands) if multi else [operands]
    inits = list(init_values) if multi else [init_values]
    if len(ops) != 1:
        raise NotImplementedError('lax.reduce of several operands is not implemented in parax')
    kinds = [(_add, 'sum'), (jnp.add, 'sum'), (_mul, 'prod'), (jnp.multiply, 'prod'),
             (_max, 'max'), (jnp.maximum, 'max'), (_min, 'min'), (jnp.minimum, 'min'),
             (_bitwise_and, 'and'), (_bitwise_or, 'or'), (jnp.logical_and, 'and'),
             (jnp.logical_or, 'or')]
    kind = None
    for fn, k in kinds:
        if computation is fn:
            kind = k
    if kind is None:
        raise NotImplementedError('lax.reduce with computation ' + repr(computation) +
                                  ' is not implemented in parax; use lax.add, lax.mul, lax.max '
                                  'or lax.min')
    r = _reduction(kind, ops[0], tuple(dimensions))
    init = _jnp.asarray(inits[0])
    if kind == 'sum':
        r = r + init
    elif kind == 'prod':
        r = r * init
    elif kind == 'max':
        r = _jnp.maximum(r, init)
    elif kind == 'min':
        r = _jnp.minimum(r, init)
    r = r.astype(_jnp.asarray(ops[0]).dtype)
    return (r,) if multi else r


def expand_dims(array, dimensions):
    x = _jnp.asarray(array)
    return _jnp.expand_dims(x, tuple(dimensions))


def squeeze(array, dimensions):
    return _jnp.squeeze(_jnp.asarray(array), axis=tuple(dimensions))


def rev(operand, dimensions):
    return _jnp.flip(_jnp.asarray(operand), axis=tuple(dimensions)) if dimensions else _jnp.asarray(operand)


def transpose(operand, permutation):
    return _jnp.transpose(_jnp.asarray(operand), tuple(permutation))


def broadcast(operand, sizes):
    x = _jnp.asarray(operand)
    return _jnp.broadcast_to(x, tuple(sizes) + x.shape)


def batch_matmul(lhs, rhs, precision=None):
    lhs, rhs = _jnp.asarray(lhs), _jnp.asarray(rhs)
    if lhs.ndim < 2 or lhs.ndim != rhs.ndim:
        raise ValueError('Arguments to batch_matmul must be at least 2D and have the same rank, '
                         'got ' + str(lhs.ndim) + ' and ' + str(rhs.ndim) + '.')
    return _jnp.matmul(lhs, rhs)


def argmax(operand, axis, index_dtype):
    return _jnp.argmax(_jnp.asarray(operand), axis=axis).astype(index_dtype)


def argmin(operand, axis, index_dtype):
    return _jnp.argmin(_jnp.asarray(operand), axis=axis).astype(index_dtype)


def select_n(which, *cases):
    if not cases:
        raise ValueError('select_n() must have at least one case')
    which = _jnp.asarray(which)
    if len(cases) == 1:
        return _jnp.asarray(cases[0])
    if which.dtype == _jnp.bool_:
        if len(cases) != 2:
            raise ValueError('select_n with a boolean predicate needs exactly two cases')
        return _jnp.where(which, cases[1], cases[0])
    out = _jnp.asarray(cases[-1])
    for k in range(len(cases) - 2, -1, -1):
        out = _jnp.where(which == k, cases[k], out)
    return out


def associative_scan(fn, elems, reverse=False, axis=0):
    """The prefix combination of elems along axis with an associative fn,
    computed as a sequential scan (same values; differentiable through
    lax.scan)."""
    from jax.tree_util import tree_flatten, tree_unflatten
    leaves, tree = tree_flatten(elems)
    if not leaves:
        return elems
    leaves = [_jnp.asarray(l) for l in leaves]
    ax = _axis(axis, leaves[0].ndim)
    n = leaves[0].shape[ax]
    for l in leaves:
        if l.shape[ax] != n:
            raise ValueError('Array inputs to associative_scan must have the same first dimension.')
    if n == 0:
        return elems
    moved = [_jnp.moveaxis(l, ax, 0) for l in leaves]

    def step(carry, x):
        c = tree_unflatten(tree, carry)
        v = tree_unflatten(tree, x)
        r = fn(v, c) if reverse else fn(c, v)
        r_leaves, _ = tree_flatten(r)
        return r_leaves, r_leaves

    if reverse:
        first = [m[-1] for m in moved]
        _, ys = scan(step, first, [m[:-1] for m in moved], reverse=True)
        outs = [_jnp.concatenate([y, f[None]], axis=0) for y, f in zip(ys, first)]
    else:
        first = [m[0] for m in moved]
        _, ys = scan(step, first, [m[1:] for m in moved])
        outs = [_jnp.concatenate([f[None], y], axis=0) for y, f in zip(ys, first)]
    return tree_unflatten(tree, [_jnp.moveaxis(o, 0, ax) for o in outs])


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


def conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers):
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


class GatherScatterMode:
    """How gathers and scatters treat out-of-bounds indices."""

    def __init__(self, name, value):
        self.name, self.value = name, value

    def __repr__(self):
        return '<GatherScatterMode.' + self.name + ': ' + str(self.value) + '>'

    @staticmethod
    def from_any(s):
        if isinstance(s, GatherScatterMode):
            return s
        if s is None:
            return GatherScatterMode.FILL_OR_DROP
        if s == 'clip':
            return GatherScatterMode.CLIP
        if s == 'fill' or s == 'drop':
            return GatherScatterMode.FILL_OR_DROP
        if s == 'promise_in_bounds':
            return GatherScatterMode.PROMISE_IN_BOUNDS
        raise ValueError('Unknown gather mode "' + str(s) + '"')


GatherScatterMode.CLIP = GatherScatterMode('CLIP', 1)
GatherScatterMode.FILL_OR_DROP = GatherScatterMode('FILL_OR_DROP', 2)
GatherScatterMode.PROMISE_IN_BOUNDS = GatherScatterMode('PROMISE_IN_BOUNDS', 3)
GatherScatterMode.ONE_HOT = GatherScatterMode('ONE_HOT', 4)


class ScatterDimensionNumbers:
    """XLA's scatter dimension numbers (the index vector is the last
    dimension of scatter_indices, as in lax.scatter)."""

    _fields = ('update_window_dims', 'inserted_window_dims', 'scatter_dims_to_operand_dims',
               'operand_batching_dims', 'scatter_indices_batching_dims')

    def __init__(self, update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims,
                 operand_batching_dims=(), scatter_indices_batching_dims=()):
        self.update_window_dims = tuple(update_window_dims)
        self.inserted_window_dims = tuple(inserted_window_dims)
        self.scatter_dims_to_operand_dims = tuple(scatter_dims_to_operand_dims)
        self.operand_batching_dims = tuple(operand_batching_dims)
        self.scatter_indices_batching_dims = tuple(scatter_indices_batching_dims)

    def __iter__(self):
        return iter([getattr(self, f) for f in ScatterDimensionNumbers._fields])

    def __repr__(self):
        return ('ScatterDimensionNumbers(' +
                ', '.join(f + '=' + str(getattr(self, f)) for f in ScatterDimensionNumbers._fields) + ')')


class GatherDimensionNumbers:
    """XLA's gather dimension numbers (the index vector is the last dimension
    of start_indices, as in lax.gather)."""

    _fields = ('offset_dims', 'collapsed_slice_dims', 'start_index_map', 'operand_batching_dims',
               'start_indices_batching_dims')

    def __init__(self, offset_dims, collapsed_slice_dims, start_index_map, operand_batching_dims=(),
                 start_indices_batching_dims=()):
        self.offset_dims = tuple(offset_dims)
        self.collapsed_slice_dims = tuple(collapsed_slice_dims)
        self.start_index_map = tuple(start_index_map)
        self.operand_batching_dims = tuple(operand_batching_dims)
        self.start_indices_batching_dims = tuple(start_indices_batching_dims)

    def __iter__(self):
        return iter([getattr(self, f) for f in GatherDimensionNumbers._fields])

    def __repr__(self):
        return ('GatherDimensionNumbers(' +
                ', '.join(f + '=' + str(getattr(self, f)) for f in GatherDimensionNumbers._fields) + ')')


def gather(operand, start_indices, dimension_numbers, slice_sizes, *, indices_are_sorted=False,
           unique_indices=False, mode=None, fill_value=None):
    # XLA's gather as one take from the flattened operand: each output
    # element reads its slice's start (from the index vector) plus its offset
    # in the slice. Slices that do not fit are clamped (mode=clip or
    # promise_in_bounds, and by default) or read fill_value (mode='fill').
    x = _jnp.asarray(operand)
    idx = _jnp.asarray(start_indices)
    d = dimension_numbers
    if d.operand_batching_dims or d.start_indices_batching_dims:
        raise NotImplementedError('lax.gather with operand_batching_dims is not implemented in parax')
    # A gather clamps unless asked to fill (a scatter drops by default).
    mode = GatherScatterMode.CLIP if mode is None else GatherScatterMode.from_any(mode)
    slice_sizes = tuple(int(v) for v in slice_sizes)
    if len(slice_sizes) != x.ndim:
        raise TypeError('slice_sizes must have the same length as the operand rank; got ' +
                        str(slice_sizes) + ' for an operand of shape ' + str(x.shape))
    if idx.ndim == 0:
        idx = idx.reshape(1)
    k = idx.shape[-1]
    if len(d.start_index_map) != k:
        raise TypeError('Gather op has ' + str(len(d.start_index_map)) + ' elements in start_index_map '
                        'and the bound of dimension index_vector_dim=' + str(idx.ndim - 1) +
                        ' of indices is ' + str(k) + '. These two numbers must be equal.')
    for c in d.collapsed_slice_dims:
        if slice_sizes[c] != 1:
            raise TypeError('Gather op can only collapse slice dims with bound 1, but bound is ' +
                            str(slice_sizes[c]) + ' for index ' + str(c) + ' at position 0.')
    kept = [o for o in range(x.ndim) if o not in d.collapsed_slice_dims]
    if len(kept) != len(d.offset_dims):
        raise TypeError('All components of the offset index in a gather op must either be a offset '
                        'dimension or explicitly collapsed')
    batch = idx.shape[:-1]
    out_rank = len(batch) + len(kept)
    out_shape = [0] * out_rank
    for j, od in enumerate(d.offset_dims):
        out_shape[od] = slice_sizes[kept[j]]
    batch_dims = [q for q in range(out_rank) if q not in d.offset_dims]
    for j, q in enumerate(batch_dims):
        out_shape[q] = batch[j]
    out_shape = tuple(out_shape)

    def along_batch(a):
        shape = [1] * out_rank
        for j, q in enumerate(batch_dims):
            shape[q] = batch[j]
        return _jnp.broadcast_to(a.reshape(shape), out_shape)

    strides = [1] * x.ndim
    for o in range(x.ndim - 2, -1, -1):
        strides[o] = strides[o + 1] * x.shape[o + 1]
    flat = _jnp.zeros(out_shape, _jnp.int32)
    valid = _jnp.ones(out_shape, _jnp.bool_)
    for o in range(x.ndim):
        offset = 0
        if o in kept:
            offset = broadcasted_iota(_jnp.int32, out_shape, d.offset_dims[kept.index(o)])
        start = _jnp.zeros(out_shape, _jnp.int32)
        if o in d.start_index_map:
            start = along_batch(idx[..., d.start_index_map.index(o)].astype(_jnp.int32))
        hi = max(x.shape[o] - slice_sizes[o], 0)
        if mode is GatherScatterMode.FILL_OR_DROP:
            valid = valid & (start >= 0) & (start <= hi)
        start = _jnp.clip(start, 0, hi)
        flat = flat + (start + offset) * strides[o]
    if x.size == 0:
        return _jnp.zeros(out_shape, x.dtype)
    out = _jnp.take(x.reshape(-1), flat.reshape(-1)).reshape(out_shape)
    if mode is GatherScatterMode.FILL_OR_DROP:
        if fill_value is None:
            if _jnp.issubdtype(x.dtype, _jnp.floating):
                fill_value = _jnp.nan
            elif x.dtype == _jnp.bool_:
                fill_value = True
            elif _jnp.issubdtype(x.dtype, _jnp.signedinteger):
                fill_value = _jnp.iinfo(x.dtype).min
            else:
                fill_value = _jnp.iinfo(x.dtype).max
        out = _jnp.where(valid, out, _jnp.asarray(fill_value).astype(x.dtype))
    return out


def _scatter(operand, scatter_indices, updates, dimension_numbers, method, mode, unique_indices):
    # XLA's scatter as one flat scatter of x.at[]: every update element's
    # operand position is its window's start (from the index vector) plus its
    # offset in the window; a window that does not fit is dropped (or, with
    # mode=clip, its start clamped), as XLA does. The .at[] update carries
    # the combiner and its gradient.
    x = _jnp.asarray(operand)
    idx = _jnp.asarray(scatter_indices)
    upd = _jnp.asarray(updates).astype(x.dtype)
    d = dimension_numbers
    if d.operand_batching_dims or d.scatter_indices_batching_dims:
        raise NotImplementedError('lax.scatter with operand_batching_dims is not implemented in parax')
    mode = GatherScatterMode.from_any(mode)
    if idx.ndim == 0:
        idx = idx.reshape(1)
    k = idx.shape[-1]
    sd = d.scatter_dims_to_operand_dims
    if len(sd) != k:
        raise TypeError('Scatter op has ' + str(len(sd)) + ' elements in scatter_dims_to_operand_dims '
                        'and the bound of dimension index_vector_dim=' + str(idx.ndim - 1) +
                        ' of indices is ' + str(k) + '. These two numbers must be equal')
    window_dims = [o for o in range(x.ndim) if o not in d.inserted_window_dims]
    if len(window_dims) != len(d.update_window_dims):
        raise TypeError('Scatter op has window of size ' + str(len(d.update_window_dims)) +
                        '; doesn\'t match operand of rank ' + str(x.ndim) + ' with ' +
                        str(len(d.inserted_window_dims)) + ' inserted window dims')
    U = upd.shape
    scatter_dims = [u for u in range(len(U)) if u not in d.update_window_dims]
    batch = idx.shape[:-1]
    if tuple(U[u] for u in scatter_dims) != tuple(batch):
        raise TypeError('Bounds of the scatter dimensions of updates must be the same as the bounds '
                        'of the corresponding dimensions of scatter indices; updates ' + str(U) +
                        ', indices ' + str(idx.shape))

    def along_updates(a):
        shape = [1] * len(U)
        for j, u in enumerate(scatter_dims):
            shape[u] = batch[j]
        return _jnp.broadcast_to(a.reshape(shape), U)

    strides = [1] * x.ndim
    for o in range(x.ndim - 2, -1, -1):
        strides[o] = strides[o + 1] * x.shape[o + 1]
    flat = _jnp.zeros(U, _jnp.int32)
    valid = _jnp.ones(U, bool)
    for o in range(x.ndim):
        size = 1
        offset = 0
        if o in window_dims:
            u = d.update_window_dims[window_dims.index(o)]
            size = U[u]
            offset = broadcasted_iota(_jnp.int32, U, u)
        start = _jnp.zeros(U, _jnp.int32)
        if o in sd:
            start = along_updates(idx[..., sd.index(o)].astype(_jnp.int32))
        if mode is GatherScatterMode.CLIP:
            start = _jnp.clip(start, 0, max(x.shape[o] - size, 0))
        else:
            valid = valid & (start >= 0) & (start <= x.shape[o] - size)
        flat = flat + (start + offset) * strides[o]
    flat = _jnp.where(valid, flat, x.size)
    ref = x.reshape(-1).at[flat.reshape(-1)]
    u1 = upd.reshape(-1)
    if method == 'multiply':
        out = ref.multiply(u1, mode='drop', unique_indices=unique_indices)
    else:
        out = getattr(ref, method)(u1, mode='drop')
    return out.reshape(x.shape)


def scatter(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
            unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, 'set', mode, unique_indices)


def scatter_add(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
                unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, 'add', mode, unique_indices)


def scatter_sub(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
                unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, 'subtract', mode,
                    unique_indices)


def scatter_mul(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
                unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, 'multiply', mode,
                    unique_indices)


def scatter_min(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
                unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, 'min', mode, unique_indices)


def scatter_max(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
                unique_indices=False, mode=None):
    return _scatter(operand, scatter_indices, updates, dimension_numbers, 'max', mode, unique_indices)


def erfc(x):
    import jax.scipy.special
    return jax.scipy.special.erfc(x)


# Lanczos' approximation of the gamma function (g = 7, nine terms), the one
# XLA uses for lgamma and digamma; x < 0.5 goes through the reflection
# formula. Both are differentiable expressions, so grad(lgamma) is digamma
# and grad(digamma) the trigamma function, up to the approximation.
_LANCZOS_G = 7.0
_LANCZOS = (0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012,
            9.9843695780195716e-6, 1.5056327351493116e-7)


def _gamma_float(x):
    x = _jnp.asarray(x)
    if x.dtype not in (_jnp.float16, _jnp.bfloat16, _jnp.float32, _jnp.float64):
        x = x.astype(_jnp.float32)
    return x


def _lanczos_parts(x):
    # For the argument w = (x if x >= 0.5 else 1 - x) - 1: the series a(w),
    # its derivative a'(w), and t = w + g + 1/2.
    small = x < 0.5
    w = _jnp.where(small, 1.0 - x, x) - 1.0
    a = _jnp.full_like(w, _LANCZOS[0])
    da = _jnp.zeros_like(w)
    for k in range(1, len(_LANCZOS)):
        a = a + _LANCZOS[k] / (w + k)
        da = da - _LANCZOS[k] / ((w + k) * (w + k))
    t = w + (_LANCZOS_G + 0.5)
    return small, w, a, da, t


def lgamma(x):
    x = _gamma_float(x)
    small, w, a, _, t = _lanczos_parts(x)
    # log t as log(g + 1/2) + log1p(w / (g + 1/2)): exact where w is small.
    log_t = 2.0149030205422647 + _jnp.log1p(w / (_LANCZOS_G + 0.5))
    lg = 0.91893853320467274178 + (w + 0.5 - t / log_t) * log_t + _jnp.log(a)
    # The reflection branch only where it is taken (a finite value elsewhere
    # keeps its gradient out of the select).
    xs = _jnp.where(small, x, 0.25)
    refl = 1.1447298858494002 - _jnp.log(_jnp.abs(_jnp.sin(3.141592653589793 * xs))) - lg
    return _jnp.where(small, refl, lg)


def digamma(x):
    x = _gamma_float(x)
    small, w, a, da, t = _lanczos_parts(x)
    log_t = 2.0149030205422647 + _jnp.log1p(w / (_LANCZOS_G + 0.5))
    psi = log_t - _LANCZOS_G / t + da / a
    xs = _jnp.where(small, x, 0.25)
    refl = psi - 3.141592653589793 / _jnp.tan(3.141592653589793 * xs)
    return _jnp.where(small, refl, psi)
