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
