# jax.scipy.stats: the summary functions (the distributions are the
# submodules jax.scipy.stats.norm, .beta, ...).
from typing import NamedTuple
import jax.numpy as jnp


class ModeResult(NamedTuple):
    mode: object
    count: object


def sem(a, axis=0, ddof=1, nan_policy='propagate', *, keepdims=False):
    a = jnp.asarray(a)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        a = a.astype(jnp.float32)
    if nan_policy not in ('propagate', 'omit'):
        raise ValueError('nan_policy ' + repr(nan_policy) + ' is not supported')
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    if nan_policy == 'omit':
        n = jnp.sum(~jnp.isnan(a), axis=axis, keepdims=keepdims)
        return jnp.nanstd(a, axis=axis, ddof=ddof, keepdims=keepdims) / jnp.sqrt(n)
    return jnp.std(a, axis=axis, ddof=ddof, keepdims=keepdims) / jnp.sqrt(a.shape[axis])


def rankdata(a, method='average', *, axis=None, nan_policy='propagate'):
    if method not in ('average', 'min', 'max', 'dense', 'ordinal'):
        raise ValueError('unknown method ' + repr(method))
    a = jnp.asarray(a)
    if axis is not None:
        import jax
        moved = jnp.moveaxis(a, axis, -1)
        f = lambda r: rankdata(r, method=method)
        for _ in range(moved.ndim - 1):
            f = jax.vmap(f)
        return jnp.moveaxis(f(moved), -1, axis)
    arr = a.reshape(-1)
    n = arr.shape[0]
    out = jnp.float32
    sorter = jnp.argsort(arr, stable=True)
    inv = jnp.zeros(n, jnp.int32).at[sorter].set(jnp.arange(n, dtype=jnp.int32))
    s = arr[sorter]
    obs = jnp.concatenate([jnp.ones(1, bool), s[1:] != s[:-1]])
    dense = jnp.cumsum(obs.astype(jnp.int32))[inv]
    count = jnp.nonzero(obs, size=n + 1, fill_value=n)[0].astype(out)
    if method == 'ordinal':
        r = (inv + 1).astype(out)
    elif method == 'dense':
        r = dense.astype(out)
    elif method == 'max':
        r = count[dense]
    elif method == 'min':
        r = count[dense - 1] + 1
    else:
        r = .5 * (count[dense] + count[dense - 1] + 1)
    if jnp.issubdtype(arr.dtype, jnp.floating):
        r = jnp.where(jnp.any(jnp.isnan(arr)), jnp.nan, r)
    return r


def mode(a, axis=0, nan_policy='propagate', keepdims=False):
    if nan_policy not in ('propagate', 'omit'):
        raise ValueError('Illegal nan_policy value ' + repr(nan_policy))
    if nan_policy == 'omit':
        raise NotImplementedError("mode(nan_policy='omit') is not implemented in JAX")
    x = jnp.asarray(a)
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    x = jnp.moveaxis(x, axis, -1)
    counts = jnp.sum(x[..., :, None] == x[..., None, :], axis=-1)
    best = jnp.max(counts, axis=-1, keepdims=True)
    big = jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).max
    m = jnp.min(jnp.where(counts == best, x, big), axis=-1)
    c = best[..., 0]
    if keepdims:
        m = jnp.expand_dims(m, axis)
        c = jnp.expand_dims(c, axis)
    return ModeResult(m.astype(x.dtype), c.astype(jnp.int32))
