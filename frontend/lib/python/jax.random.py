# The Python half of jax.random: typed key arrays (jax.random.key).
#
# A typed key array has JAX's element type key<fry>: its shape leaves out
# the trailing 2 of the uint32 key data it overlays. The samplers (C++,
# Random.cpp) accept it and raw PRNGKey data alike; split, fold_in, clone
# and wrap_key_data return typed keys for typed input. It is a pytree node
# whose one child is the key data, so jit, pmap, scan and while_loop carry
# it through as the uint32 array and rebuild it on the other side.
import jax.tree_util as _tree_util


class _KeyDType:
    """key<fry>: the dtype of a threefry typed key array."""

    name = 'key<fry>'

    def __repr__(self):
        return 'key<fry>'

    def __str__(self):
        return 'key<fry>'

    def __eq__(self, other):
        return isinstance(other, _KeyDType) or other == 'key<fry>'

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash('key<fry>')


_KEY_DTYPE = _KeyDType()


class PRNGKeyArray:
    """An array of threefry keys (jax.random.key, jax.random.split)."""

    def __init__(self, key_data):
        self._base = key_data

    @property
    def shape(self):
        return tuple(self._base.shape[:-1])

    @property
    def dtype(self):
        return _KEY_DTYPE

    @property
    def ndim(self):
        return len(self._base.shape) - 1

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def __len__(self):
        if self.ndim == 0:
            raise TypeError('len() of unsized object')
        return self._base.shape[0]

    def __getitem__(self, index):
        if self.ndim == 0:
            raise IndexError('Too many indices: 0-dimensional array indexed with 1 regular index.')
        return PRNGKeyArray(self._base[index])

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError('iteration over a 0-d key array')
        return iter([PRNGKeyArray(self._base[i]) for i in range(self._base.shape[0])])

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return PRNGKeyArray(self._base.reshape(tuple(shape) + (2,)))

    def __repr__(self):
        return 'Array(' + str(self.shape) + ', dtype=key<fry>) overlaying:\n' + str(self._base)

    def __str__(self):
        return self.__repr__()


_tree_util.register_pytree_node(
    PRNGKeyArray, lambda k: ((k._base,), None), lambda aux, children: PRNGKeyArray(children[0]))


# Samplers written on the C++ ones, with JAX's draws (so the numbers match).
import jax.numpy as _jnp
from jax.random import bernoulli as _bernoulli, gumbel as _gumbel, uniform as _uniform

_EPS = {'float32': 1.1920929e-07, 'float16': 0.000977, 'bfloat16': 0.0078125}
_EPSNEG = {'float32': 5.9604645e-08, 'float16': 0.0004883, 'bfloat16': 0.00390625}
_TINY = {'float32': 1.1754944e-38, 'float16': 6.104e-05, 'bfloat16': 1.17549435e-38}


def _float_dtype(dtype):
    dt = _jnp.dtype(_jnp.float32 if dtype is None else dtype)
    if str(dt) not in _EPS:
        raise ValueError('dtype argument must be a float dtype, got ' + str(dt))
    return dt


def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None):
    logits = _jnp.asarray(logits)
    nd = logits.ndim
    ax = axis % nd
    batch_shape = tuple(d for i, d in enumerate(logits.shape) if i != ax)
    shape = batch_shape if shape is None else tuple(shape)
    prefix = shape[:len(shape) - len(batch_shape)]
    if not replace:
        raise NotImplementedError('categorical(replace=False) is not implemented in parax')
    if axis >= 0:
        axis -= nd
    logits_shape = list(shape[len(shape) - len(batch_shape):])
    logits_shape.insert(axis % nd, logits.shape[axis])
    noise = _gumbel(key, tuple(prefix) + tuple(logits_shape), logits.dtype)
    return _jnp.argmax(noise + logits.reshape((1,) * len(prefix) + logits.shape), axis=axis)


def laplace(key, shape=(), dtype=None):
    dt = _float_dtype(dtype)
    u = _uniform(key, shape, dt, minval=-1. + _EPSNEG[str(dt)], maxval=1.)
    return _jnp.sign(u) * _jnp.log1p(-_jnp.abs(u))


def logistic(key, shape=(), dtype=None):
    dt = _float_dtype(dtype)
    x = _uniform(key, shape, dt, minval=_TINY[str(dt)], maxval=1.)
    return _jnp.log(x) - _jnp.log1p(-x)


def cauchy(key, shape=(), dtype=None):
    dt = _float_dtype(dtype)
    u = _uniform(key, shape, dt, minval=_EPS[str(dt)], maxval=1.)
    return _jnp.tan(_jnp.pi * (u - 0.5))


def rademacher(key, shape=(), dtype=None):
    dt = _jnp.dtype(_jnp.int32 if dtype is None else dtype)
    b = _bernoulli(key, 0.5, shape).astype(dt)
    return (2 * b - 1).astype(dt)
