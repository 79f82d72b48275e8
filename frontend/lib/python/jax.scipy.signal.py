# jax.scipy.signal: convolutions in full/same/valid modes (on jax.numpy and
# lax.conv_general_dilated).
import jax.numpy as jnp
from jax import lax


def _conv_nd(in1, in2, mode):
    in1 = jnp.asarray(in1)
    in2 = jnp.asarray(in2)
    if in1.ndim != in2.ndim:
        raise ValueError('in1 and in2 should have the same dimensionality')
    if mode not in ('full', 'same', 'valid'):
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    dt = jnp.result_type(in1, in2, 0.0)
    x = in1.astype(dt)[None, None]
    k = jnp.flip(in2.astype(dt))[None, None]
    if mode == 'full':
        pads = [(s - 1, s - 1) for s in in2.shape]
    elif mode == 'same':
        pads = [(s - 1 - (s - 1) // 2, (s - 1) // 2) for s in in2.shape]
    else:
        pads = [(0, 0)] * in2.ndim
    out = lax.conv_general_dilated(x, k, (1,) * in1.ndim, pads)
    return out[0, 0]


def convolve(in1, in2, mode='full', method='auto', precision=None):
    if jnp.ndim(in1) == 1 and jnp.ndim(in2) == 1:
        return jnp.convolve(in1, in2, mode)
    return _conv_nd(in1, in2, mode)


def convolve2d(in1, in2, mode='full', boundary='fill', fillvalue=0, precision=None):
    if boundary != 'fill' or fillvalue != 0:
        raise NotImplementedError("convolve2d only supports boundary='fill', fillvalue=0")
    if jnp.ndim(in1) != 2 or jnp.ndim(in2) != 2:
        raise ValueError('convolve2d() only supports 2-dimensional inputs.')
    return _conv_nd(in1, in2, mode)


def correlate(in1, in2, mode='full', method='auto', precision=None):
    return convolve(in1, jnp.flip(jnp.asarray(in2)), mode)


def correlate2d(in1, in2, mode='full', boundary='fill', fillvalue=0, precision=None):
    return convolve2d(in1, jnp.flip(jnp.asarray(in2)), mode, boundary, fillvalue)
