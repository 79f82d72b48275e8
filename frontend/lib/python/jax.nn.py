# The Python half of jax.nn: activations and helpers written on jax.numpy
# (sigmoid, relu, softplus and softmax are C++, Modules.cpp). Formulas follow
# JAX's definitions so that float32 results round the same way.
import jax.numpy as jnp
from jax import lax
from jax.nn import relu, sigmoid, softmax, softplus

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _inexact(x):
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(jnp.float32)
    return x


def log_softmax(x, axis=-1, where=None):
    x = _inexact(x)
    if where is None:
        shifted = x - lax.stop_gradient(jnp.max(x, axis, keepdims=True))
        return shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis, keepdims=True))
    x_max = jnp.max(x, axis, where=where, initial=-jnp.inf, keepdims=True)
    shifted = jnp.where(where, x, -jnp.inf) - lax.stop_gradient(x_max)
    result = shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis, where=where, keepdims=True))
    return jnp.where(where, result, -jnp.inf)


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    import jax.scipy.special
    return jax.scipy.special.logsumexp(a, axis, b, keepdims, return_sign, where)


def elu(x, alpha=1.0):
    x = _inexact(x)
    safe = jnp.where(x > 0, 0.0, x)
    return jnp.where(x > 0, x, alpha * jnp.expm1(safe))


def celu(x, alpha=1.0):
    x = _inexact(x)
    return jnp.maximum(x, 0.0) + alpha * jnp.expm1(jnp.minimum(x, 0.0) / alpha)


def selu(x):
    return _SELU_SCALE * elu(x, _SELU_ALPHA)


def leaky_relu(x, negative_slope=0.01):
    x = _inexact(x)
    return jnp.where(x >= 0, x, negative_slope * x)


def relu6(x):
    # The gradient is 1 strictly inside (0, 6) and 0 at both ends (JAX's rule).
    x = jnp.asarray(x)
    inside = (x > 0) & (x < 6)
    return jnp.where(inside, x, lax.stop_gradient(jnp.minimum(jnp.maximum(x, 0), 6.0)))


def hard_tanh(x):
    x = jnp.asarray(x)
    return jnp.where(x > 1, 1, jnp.where(x < -1, -1, x))


def hard_sigmoid(x):
    return relu6(x + 3.0) / 6.0


def hard_silu(x):
    x = _inexact(x)
    return x * hard_sigmoid(x)


hard_swish = hard_silu


def silu(x):
    x = _inexact(x)
    return x * sigmoid(x)


swish = silu


def log_sigmoid(x):
    x = _inexact(x)
    return -softplus(-x)


def soft_sign(x):
    x = _inexact(x)
    return x / (jnp.abs(x) + 1)


def sparse_plus(x):
    x = _inexact(x)
    return jnp.where(x <= -1.0, 0.0, jnp.where(x >= 1.0, x, (x + 1.0) ** 2 / 4))


def gelu(x, approximate=True):
    x = _inexact(x)
    if approximate:
        sqrt_2_over_pi = (2 / jnp.pi) ** 0.5
        cdf = 0.5 * (1.0 + jnp.tanh(sqrt_2_over_pi * (x + 0.044715 * (x ** 3))))
        return x * cdf
    return jnp.array(x * (lax.erf(x / 2 ** 0.5) + 1) / 2, dtype=x.dtype)


def glu(x, axis=-1):
    x = jnp.asarray(x)
    size = x.shape[axis]
    if size % 2 != 0:
        raise ValueError('axis size must be divisible by 2')
    half = size // 2
    a = lax.slice_in_dim(x, 0, half, axis=axis)
    b = lax.slice_in_dim(x, half, size, axis=axis)
    return a * sigmoid(b)


def standardize(x, axis=-1, mean=None, variance=None, epsilon=1e-5, where=None):
    x = _inexact(x)
    if mean is None:
        mean = jnp.mean(x, axis, keepdims=True, where=where)
    if variance is None:
        variance = jnp.mean(jnp.square(x), axis, keepdims=True, where=where) - jnp.square(mean)
        variance = jnp.clip(variance, 0)
    return jnp.subtract(x, mean) * lax.rsqrt(variance + epsilon)


def one_hot(x, num_classes, dtype=None, axis=-1):
    # JAX asks for a concrete class count (it sizes the output).
    if not isinstance(num_classes, int):
        num_classes = int(num_classes)
    x = jnp.asarray(x)
    if dtype is None:
        dtype = jnp.float32
    out_axis = axis if axis >= 0 else axis + x.ndim + 1
    if out_axis < 0 or out_axis > x.ndim:
        raise ValueError('axis ' + str(axis) + ' is out of bounds for array of dimension ' +
                         str(x.ndim + 1))
    classes = lax.broadcasted_iota(x.dtype, x.shape[:out_axis] + (num_classes,) +
                                   x.shape[out_axis:], out_axis)
    return (jnp.expand_dims(x, out_axis) == classes).astype(dtype)


def squareplus(x, b=4):
    x = _inexact(x)
    return (x + jnp.sqrt(jnp.square(x) + b)) / 2


def mish(x):
    x = _inexact(x)
    return x * jnp.tanh(softplus(x))


def log1mexp(x):
    # log(1 - exp(-x)) for x > 0: log1p(-exp(-x)) is accurate for large x,
    # log(-expm1(-x)) near 0; the switch is at log 2.
    x = _inexact(x)
    c = jnp.log(2.0)
    return jnp.where(x < c, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


def tanh(x):
    return jnp.tanh(x)
