# The Python half of jax.tree_util (also jax.tree): reductions over leaves
# and Partial (flatten/map/structure/registrations are C++, PyTypes.cpp).
from jax.tree_util import tree_flatten, tree_leaves, tree_map, tree_structure, tree_unflatten

_NO_INITIAL = object()
_builtin_all = all  # jax.tree.all below shadows it


def tree_all(tree, *, is_leaf=None):
    return _builtin_all(tree_leaves(tree, is_leaf=is_leaf) if is_leaf is not None else tree_leaves(tree))


def tree_reduce(function, tree, initializer=_NO_INITIAL, is_leaf=None):
    leaves = tree_leaves(tree, is_leaf=is_leaf) if is_leaf is not None else tree_leaves(tree)
    if initializer is _NO_INITIAL:
        if not leaves:
            raise TypeError('reduce() of empty iterable with no initial value')
        acc = leaves[0]
        rest = leaves[1:]
    else:
        acc = initializer
        rest = leaves
    for leaf in rest:
        acc = function(acc, leaf)
    return acc


def _tree_map_leaves(f, tree, *rest, is_leaf=None):
    return tree_map(f, tree, *rest, is_leaf=is_leaf) if is_leaf is not None else tree_map(
        f, tree, *rest)


class Partial:
    """functools.partial that is a pytree: its arguments are the children and
    the function is static (so it can be passed to jit-ted functions)."""

    def __init__(self, func, *args, **keywords):
        if isinstance(func, Partial):
            args = tuple(func.args) + tuple(args)
            merged = dict(func.keywords)
            merged.update(keywords)
            keywords = merged
            func = func.func
        self.func = func
        self.args = tuple(args)
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        kw = dict(self.keywords)
        kw.update(keywords)
        return self.func(*self.args, *args, **kw)

    def __repr__(self):
        parts = [repr(self.func)] + [repr(a) for a in self.args] + [
            k + '=' + repr(v) for k, v in self.keywords.items()]
        return 'Partial(' + ', '.join(parts) + ')'


from jax.tree_util import register_pytree_node as _register

_register(Partial, lambda p: ((p.args, p.keywords), p.func),
          lambda func, children: Partial(func, *children[0], **children[1]))

# jax.tree's names for the same functions.
all = tree_all
reduce = tree_reduce
