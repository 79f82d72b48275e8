# The Python half of jax.lax: the slicing helpers, lax.map and the
# collectives written on other collectives (psum_scatter, all_to_all).
from jax.lax import (all_gather, axis_index, axis_size, dynamic_slice, dynamic_update_slice, psum, scan,
                     slice)
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


def sort(operand, dimension=-1, is_stable=True, num_keys=1):
    if isinstance(operand, (tuple, list)):
        raise NotImplementedError('lax.sort of several operands is not implemented in parax')
    return _jnp.sort(operand, axis=dimension)


import jax.lax as _self

if 'not implemented in parax' in repr(_self.stop_gradient):
    # Until parax's autodiff provides it: on values it is the identity.
    def stop_gradient(x):
        return x
