# jax.nn.initializers: functions (key, shape, dtype) -> array, as JAX has them
# (the same random draws and scalings, so results match JAX bit for bit).
import math
import jax.numpy as jnp
from jax import random


def zeros(key, shape, dtype=jnp.float32):
    return jnp.zeros(shape, dtype)


def ones(key, shape, dtype=jnp.float32):
    return jnp.ones(shape, dtype)


def constant(value, dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        return jnp.full(shape, value, dtype=dtype)
    return init


def uniform(scale=1e-2, dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        return random.uniform(key, shape, dtype) * jnp.array(scale, dtype)
    return init


def normal(stddev=1e-2, dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        return random.normal(key, shape, dtype) * jnp.array(stddev, dtype)
    return init


def truncated_normal(stddev=1e-2, dtype=jnp.float32, lower=-2.0, upper=2.0):
    def init(key, shape, dtype=dtype):
        return random.truncated_normal(key, lower, upper, shape, dtype) * jnp.array(stddev, dtype)
    return init


def _axis_size(shape, axes):
    if isinstance(axes, int):
        return shape[axes]
    return math.prod([shape[i] for i in axes])


def _fans(shape, in_axis, out_axis, batch_axis):
    if isinstance(in_axis, int) and in_axis == -2 and len(shape) <= 1:
        raise ValueError("Can't compute input and output sizes of a " + str(len(shape)) +
                         "-dimensional weights tensor with default in_axis. Must be at "
                         "least 2D or specify in_axis explicitly.")
    in_size = _axis_size(shape, in_axis)
    out_size = _axis_size(shape, out_axis)
    batch_size = _axis_size(shape, batch_axis)
    receptive = math.prod(shape) / in_size / out_size / batch_size
    return in_size * receptive, out_size * receptive


def variance_scaling(scale, mode, distribution, in_axis=-2, out_axis=-1, batch_axis=(),
                     dtype=jnp.float32):
    def init(key, shape, dtype=dtype):
        shape = tuple(shape)
        fan_in, fan_out = _fans(shape, in_axis, out_axis, batch_axis)
        if mode == 'fan_in':
            denominator = fan_in
        elif mode == 'fan_out':
            denominator = fan_out
        elif mode == 'fan_avg':
            denominator = (fan_in + fan_out) / 2
        elif mode == 'fan_geo_avg':
            denominator = (fan_in * fan_out) ** 0.5
        else:
            raise ValueError('invalid mode for variance scaling initializer: ' + str(mode))
        variance = jnp.array(scale / denominator, dtype=dtype)
        if distribution == 'truncated_normal':
            # .8796... is the stddev of a standard normal truncated to (-2, 2).
            stddev = jnp.sqrt(variance) / jnp.array(.87962566103423978, dtype)
            return random.truncated_normal(key, -2, 2, shape, dtype) * stddev
        if distribution == 'normal':
            return random.normal(key, shape, dtype) * jnp.sqrt(variance)
        if distribution == 'uniform':
            return random.uniform(key, shape, dtype, -1) * jnp.sqrt(3 * variance)
        raise ValueError('invalid distribution for variance scaling initializer: ' +
                         str(distribution))
    return init


def glorot_uniform(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, 'fan_avg', 'uniform', in_axis, out_axis, batch_axis, dtype)


def glorot_normal(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, 'fan_avg', 'truncated_normal', in_axis, out_axis, batch_axis,
                            dtype)


def lecun_uniform(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, 'fan_in', 'uniform', in_axis, out_axis, batch_axis, dtype)


def lecun_normal(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(1.0, 'fan_in', 'truncated_normal', in_axis, out_axis, batch_axis,
                            dtype)


def he_uniform(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(2.0, 'fan_in', 'uniform', in_axis, out_axis, batch_axis, dtype)


def he_normal(in_axis=-2, out_axis=-1, batch_axis=(), dtype=jnp.float32):
    return variance_scaling(2.0, 'fan_in', 'truncated_normal', in_axis, out_axis, batch_axis,
                            dtype)


xavier_uniform = glorot_uniform
xavier_normal = glorot_normal
kaiming_uniform = he_uniform
kaiming_normal = he_normal
