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


def identity(x):
    return jnp.asarray(x)


def tanh(x):
    return jnp.tanh(x)



def sparse_sigmoid(x):
    return 0.5 * jnp.clip(x + 1.0, 0.0, 2.0)



def logmeanexp(x, axis=None, where=None, keepdims=False):
    x = _inexact(x)
    lse = logsumexp(x, axis=axis, where=where, keepdims=keepdims)
    if where is None:
        ones = jnp.ones(x.shape, lse.dtype)
    else:
        ones = jnp.broadcast_to(jnp.asarray(where), x.shape).astype(lse.dtype)
    count = jnp.sum(ones, axis=axis, keepdims=keepdims)
    return lse - jnp.log(count)


def dot_product_attention(query, key, value, bias=None, mask=None, *, scale=None,
                          is_causal=False, query_seq_lengths=None, key_value_seq_lengths=None,
                          local_window_size=None, implementation=None, return_residual=False):
    """Scaled dot-product attention as JAX's XLA path computes it: grouped
    heads, masks applied with -0.7 * finfo.max, softmax in float32."""
    if implementation not in (None, 'xla'):
        raise NotImplementedError('dot_product_attention(implementation=' +
                                  repr(implementation) + ') is not part of parax; use the '
                                  "default or 'xla'")
    out_shape = jnp.asarray(query).shape

    def four(t):
        t = jnp.asarray(t)
        return t.reshape((1,) * (4 - t.ndim) + tuple(t.shape)) if t.ndim < 4 else t

    q, k, v = four(query), four(key), four(value)
    bias = four(bias) if bias is not None else None
    mask = four(mask) if mask is not None else None
    B, S, K, H = k.shape
    if tuple(v.shape) != (B, S, K, H):
        raise ValueError('value shape should be ' + str([B, S, K, H]) + ': but got ' +
                         str(tuple(v.shape)))
    if q.shape[0] != B or q.shape[-1] != H:
        raise ValueError('query shape should be ' + str([B, -1, -1, H]) + ': but got ' +
                         str(tuple(q.shape)))
    T, N = q.shape[1], q.shape[2]
    if N % K != 0:
        raise ValueError('The number of query heads must be a multiple of key/value heads, but '
                         'got ' + str(N) + ' vs ' + str(K))
    G = N // K
    if isinstance(local_window_size, int):
        local_window_size = (local_window_size, local_window_size)
    scale_val = (1.0 / float(H) ** 0.5) if scale is None else scale
    qg = q.reshape((B, T, K, G, H))
    logits_dt = jnp.promote_types(q.dtype, jnp.float32)
    logits = jnp.einsum('btkgh,bskh->bkgts', qg, k).astype(logits_dt)
    logits = logits * jnp.asarray(scale_val, logits.dtype)

    def grouped(t):
        tB, tN, tT, tS = t.shape
        if tN == 1:
            return jnp.broadcast_to(t[:, :, None], (tB, 1, G, tT, tS))
        return t.reshape((tB, K, G, tT, tS))

    if bias is not None:
        logits = (logits + grouped(bias)).astype(logits.dtype)
    needs_mask = (mask is not None or is_causal or query_seq_lengths is not None or
                  key_value_seq_lengths is not None or local_window_size is not None)
    if needs_mask:
        comb = jnp.ones(logits.shape, bool)
        if mask is not None:
            comb = comb & grouped(mask)
        if is_causal:
            comb = comb & jnp.tril(jnp.ones((T, S), bool))
        if local_window_size is not None:
            qp = jnp.arange(T)[:, None]
            kp = jnp.arange(S)[None, :]
            lw, rw = local_window_size
            comb = comb & (qp <= kp + lw) & (qp >= kp - rw)
        if query_seq_lengths is not None:
            qm = jnp.arange(T)[None, :, None] < jnp.asarray(query_seq_lengths)[:, None, None]
            comb = comb & qm[:, None, None]
        if key_value_seq_lengths is not None:
            km = jnp.arange(S)[None, None, :] < jnp.asarray(key_value_seq_lengths)[:, None, None]
            comb = comb & km[:, None, None]
        big = min(float(jnp.finfo(logits.dtype).max), float(jnp.finfo(jnp.float32).max))
        logits = jnp.where(comb, logits, jnp.asarray(-0.7 * big, logits.dtype))
    probs = softmax(logits.astype(jnp.float32), axis=-1).astype(k.dtype)
    enc = jnp.einsum('bkgts,bskh->btkgh', probs, v).reshape((B, T, N, H))
    if query_seq_lengths is not None:
        qm = jnp.arange(T)[None, :] < jnp.asarray(query_seq_lengths)[:, None]
        enc = enc * qm[:, :, None, None].astype(enc.dtype)
    enc = enc.reshape(out_shape)
    if return_residual:
        lse = logsumexp(logits.astype(jnp.float32), axis=-1).astype(k.dtype)
        lse = jnp.transpose(lse.reshape((B, N, T)), (0, 2, 1))
        return enc, lax.stop_gradient(lse.reshape(out_shape[:-1]))
    return enc
