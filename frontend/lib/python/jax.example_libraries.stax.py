# jax.example_libraries.stax: layers as (init_fun, apply_fun) pairs.
#   init_fun(rng, input_shape) -> (output_shape, params)
#   apply_fun(params, inputs, **kwargs) -> outputs
# The random splits follow JAX's example library, so initial parameters are
# the same numbers JAX draws.
import math
import jax.numpy as jnp
from jax import lax
from jax import random
from jax.nn import (relu, log_softmax, softmax, softplus, sigmoid, elu, leaky_relu, selu, gelu,
                    standardize)
from jax.nn.initializers import glorot_normal, normal, ones, zeros

glorot = glorot_normal
randn = normal
logsoftmax = log_softmax


def Dense(out_dim, W_init=glorot_normal(), b_init=normal()):
    def init_fun(rng, input_shape):
        k1, k2 = random.split(rng)
        W = W_init(k1, (input_shape[-1], out_dim))
        b = b_init(k2, (out_dim,))
        return tuple(input_shape[:-1]) + (out_dim,), (W, b)

    def apply_fun(params, inputs, **kwargs):
        W, b = params
        return jnp.dot(inputs, W) + b
    return init_fun, apply_fun


def elementwise(fun, **fun_kwargs):
    def init_fun(rng, input_shape):
        return input_shape, ()

    def apply_fun(params, inputs, **kwargs):
        return fun(inputs, **fun_kwargs)
    return init_fun, apply_fun


Tanh = elementwise(jnp.tanh)
Relu = elementwise(relu)
Exp = elementwise(jnp.exp)
LogSoftmax = elementwise(log_softmax, axis=-1)
Softmax = elementwise(softmax, axis=-1)
Softplus = elementwise(softplus)
Sigmoid = elementwise(sigmoid)
Elu = elementwise(elu)
LeakyRelu = elementwise(leaky_relu)
Selu = elementwise(selu)
Gelu = elementwise(gelu)


def BatchNorm(axis=(0, 1, 2), epsilon=1e-5, center=True, scale=True, beta_init=zeros,
              gamma_init=ones):
    if isinstance(axis, int):
        axis = (axis,)

    def init_fun(rng, input_shape):
        shape = tuple(d for i, d in enumerate(input_shape) if i not in axis)
        k1, k2 = random.split(rng)
        beta = beta_init(k1, shape) if center else ()
        gamma = gamma_init(k2, shape) if scale else ()
        return input_shape, (beta, gamma)

    def apply_fun(params, x, **kwargs):
        beta, gamma = params
        # The parameters broadcast back over the normalised axes.
        axes = tuple(sorted(a % jnp.ndim(x) for a in axis))
        z = standardize(x, axis, epsilon=epsilon)
        if center and scale:
            return jnp.expand_dims(gamma, axes) * z + jnp.expand_dims(beta, axes)
        if center:
            return z + jnp.expand_dims(beta, axes)
        if scale:
            return jnp.expand_dims(gamma, axes) * z
        return z
    return init_fun, apply_fun


def _flatten_layer():
    def init_fun(rng, input_shape):
        return (input_shape[0], math.prod(input_shape[1:])), ()

    def apply_fun(params, inputs, **kwargs):
        return jnp.reshape(inputs, (inputs.shape[0], -1))
    return init_fun, apply_fun


Flatten = _flatten_layer()


def _identity_layer():
    return (lambda rng, input_shape: (input_shape, ())), (lambda params, inputs, **kw: inputs)


Identity = _identity_layer()


def FanOut(num):
    return ((lambda rng, input_shape: ([input_shape] * num, ())),
            (lambda params, inputs, **kwargs: [inputs] * num))


def _fan_in_sum():
    return ((lambda rng, input_shape: (input_shape[0], ())),
            (lambda params, inputs, **kwargs: sum(inputs)))


FanInSum = _fan_in_sum()


def FanInConcat(axis=-1):
    def init_fun(rng, input_shape):
        ax = axis % len(input_shape[0])
        size = sum([shape[ax] for shape in input_shape])
        first = tuple(input_shape[0])
        return first[:ax] + (size,) + first[ax + 1:], ()

    def apply_fun(params, inputs, **kwargs):
        return jnp.concatenate(inputs, axis)
    return init_fun, apply_fun


def Dropout(rate, mode='train'):
    def init_fun(rng, input_shape):
        return input_shape, ()

    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.get('rng', None)
        if rng is None:
            raise ValueError('Dropout layer requires apply_fun to be called with a PRNG key '
                             'argument. That is, instead of `apply_fun(params, inputs)`, call '
                             'it like `apply_fun(params, inputs, rng)` where `rng` is a '
                             'PRNG key (e.g. from `jax.random.key`).')
        if mode == 'train':
            keep = random.bernoulli(rng, rate, inputs.shape)
            return jnp.where(keep, inputs / rate, 0)
        return inputs
    return init_fun, apply_fun


def serial(*layers):
    nlayers = len(layers)
    init_funs = [l[0] for l in layers]
    apply_funs = [l[1] for l in layers]

    def init_fun(rng, input_shape):
        params = []
        for init in init_funs:
            rng, layer_rng = random.split(rng)
            input_shape, param = init(layer_rng, input_shape)
            params.append(param)
        return input_shape, params

    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.pop('rng', None)
        rngs = random.split(rng, nlayers) if rng is not None else (None,) * nlayers
        for fun, param, r in zip(apply_funs, params, rngs):
            inputs = fun(param, inputs, rng=r, **kwargs)
        return inputs
    return init_fun, apply_fun


def parallel(*layers):
    nlayers = len(layers)
    init_funs = [l[0] for l in layers]
    apply_funs = [l[1] for l in layers]

    def init_fun(rng, input_shape):
        rngs = random.split(rng, nlayers)
        pairs = [init(r, shape) for init, r, shape in zip(init_funs, rngs, input_shape)]
        return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)

    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.pop('rng', None)
        rngs = random.split(rng, nlayers) if rng is not None else (None,) * nlayers
        return [f(p, x, rng=r, **kwargs) for f, p, x, r in zip(apply_funs, params, inputs, rngs)]
    return init_fun, apply_fun


def shape_dependent(make_layer):
    def init_fun(rng, input_shape):
        return make_layer(input_shape)[0](rng, input_shape)

    def apply_fun(params, inputs, **kwargs):
        return make_layer(inputs.shape)[1](params, inputs, **kwargs)
    return init_fun, apply_fun


def GeneralConv(dimension_numbers, out_chan, filter_shape, strides=None, padding='VALID',
                W_init=None, b_init=normal(1e-6)):
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    one = (1,) * len(filter_shape)
    strides = strides or one
    W_init = W_init or glorot_normal(rhs_spec.index('I'), rhs_spec.index('O'))

    def init_fun(rng, input_shape):
        spatial = list(filter_shape)
        kernel_shape = []
        for c in rhs_spec:
            if c == 'O':
                kernel_shape.append(out_chan)
            elif c == 'I':
                kernel_shape.append(input_shape[lhs_spec.index('C')])
            else:
                kernel_shape.append(spatial.pop(0))
        output_shape = lax.conv_general_shape_tuple(input_shape, kernel_shape, strides, padding,
                                                    dimension_numbers)
        bias_shape = [out_chan if c == 'C' else 1 for c in out_spec]
        k1, k2 = random.split(rng)
        return output_shape, (W_init(k1, kernel_shape), b_init(k2, bias_shape))

    def apply_fun(params, inputs, **kwargs):
        W, b = params
        return lax.conv_general_dilated(inputs, W, strides, padding, one, one,
                                        dimension_numbers=dimension_numbers) + b
    return init_fun, apply_fun


def Conv(out_chan, filter_shape, strides=None, padding='VALID', W_init=None,
         b_init=normal(1e-6)):
    return GeneralConv(('NHWC', 'HWIO', 'NHWC'), out_chan, filter_shape, strides, padding,
                       W_init, b_init)


def Conv1D(out_chan, filter_shape, strides=None, padding='VALID', W_init=None,
           b_init=normal(1e-6)):
    return GeneralConv(('NHC', 'HIO', 'NHC'), out_chan, filter_shape, strides, padding,
                       W_init, b_init)


def _pooling_layer(reducer, init_val, rescale_by_window=False):
    def PoolingLayer(window_shape, strides=None, padding='VALID', spec=None):
        window_shape = tuple(window_shape)
        strides = tuple(strides) if strides else (1,) * len(window_shape)
        if spec is None:
            non_spatial = (0, len(window_shape) + 1)
        else:
            non_spatial = (spec.index('N'), spec.index('C'))
        dims = window_shape
        steps = strides
        for i in sorted(non_spatial):
            dims = dims[:i] + (1,) + dims[i:]
            steps = steps[:i] + (1,) + steps[i:]

        def init_fun(rng, input_shape):
            pads = lax.padtype_to_pads(input_shape, dims, steps, padding)
            return lax.reduce_window_shape_tuple(input_shape, dims, steps, pads), ()

        def apply_fun(params, inputs, **kwargs):
            out = lax.reduce_window(inputs, init_val, reducer, dims, steps, padding)
            if not rescale_by_window:
                return out
            ns = non_spatial if spec is None else (spec.index('N'), spec.index('C'))
            spatial_shape = tuple(inputs.shape[i] for i in range(inputs.ndim) if i not in ns)
            ones_ = jnp.ones(spatial_shape, dtype=inputs.dtype)
            sizes = lax.reduce_window(ones_, 0., lax.add, window_shape, strides, padding)
            for i in sorted(ns):
                sizes = jnp.expand_dims(sizes, i)
            return out / sizes
        return init_fun, apply_fun
    return PoolingLayer


MaxPool = _pooling_layer(lax.max, -jnp.inf)
SumPool = _pooling_layer(lax.add, 0.)
AvgPool = _pooling_layer(lax.add, 0., True)
