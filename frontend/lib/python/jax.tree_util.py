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


# Key paths: each leaf's path is a tuple of keys from the root.
class SequenceKey:
    def __init__(self, idx):
        self.idx = idx

    def __str__(self):
        return '[' + repr(self.idx) + ']'

    def __repr__(self):
        return 'SequenceKey(idx=' + repr(self.idx) + ')'

    def __eq__(self, other):
        return isinstance(other, SequenceKey) and other.idx == self.idx

    def __hash__(self):
        return hash(('SequenceKey', self.idx))


class DictKey:
    def __init__(self, key):
        self.key = key

    def __str__(self):
        return '[' + repr(self.key) + ']'

    def __repr__(self):
        return 'DictKey(key=' + repr(self.key) + ')'

    def __eq__(self, other):
        return isinstance(other, DictKey) and other.key == self.key

    def __hash__(self):
        return hash(('DictKey', self.key))


class GetAttrKey:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return '.' + self.name

    def __repr__(self):
        return 'GetAttrKey(name=' + repr(self.name) + ')'

    def __eq__(self, other):
        return isinstance(other, GetAttrKey) and other.name == self.name

    def __hash__(self):
        return hash(('GetAttrKey', self.name))


class FlattenedIndexKey:
    def __init__(self, key):
        self.key = key

    def __str__(self):
        return '[<flat index ' + str(self.key) + '>]'

    def __repr__(self):
        return 'FlattenedIndexKey(key=' + repr(self.key) + ')'

    def __eq__(self, other):
        return isinstance(other, FlattenedIndexKey) and other.key == self.key

    def __hash__(self):
        return hash(('FlattenedIndexKey', self.key))


from jax.tree_util import _node_children


def _with_path(tree, path, out, is_leaf):
    if is_leaf is not None and is_leaf(tree):
        out.append((path, tree))
        return
    node = _node_children(tree)
    if node is None:
        out.append((path, tree))
        return
    kind, keys, children = node
    if kind == 'seq':
        keyed = [SequenceKey(i) for i in range(len(children))]
    elif kind == 'dict':
        keyed = [DictKey(k) for k in keys]
    elif kind == 'namedtuple':
        keyed = [GetAttrKey(f) for f in type(tree)._fields]
    else:
        keyed = [FlattenedIndexKey(i) for i in range(len(children))]
    for k, c in zip(keyed, children):
        _with_path(c, path + (k,), out, is_leaf)


def tree_leaves_with_path(tree, is_leaf=None):
    out = []
    _with_path(tree, (), out, is_leaf)
    return out


def tree_flatten_with_path(tree, is_leaf=None):
    pairs = tree_leaves_with_path(tree, is_leaf)
    return pairs, tree_structure(tree)


def tree_map_with_path(f, tree, *rest, is_leaf=None):
    pairs = tree_leaves_with_path(tree, is_leaf)
    treedef = tree_structure(tree)
    others = [treedef.flatten_up_to(r) if hasattr(treedef, 'flatten_up_to') else tree_leaves(r)
              for r in rest]
    leaves = [f(p, x, *[o[i] for o in others]) for i, (p, x) in enumerate(pairs)]
    return tree_unflatten(treedef, leaves)


def keystr(keys, *, simple=False, separator=''):
    if simple:
        parts = []
        for k in keys:
            for attr in ('idx', 'key', 'name'):
                if hasattr(k, attr):
                    parts.append(str(getattr(k, attr)))
                    break
        return separator.join(parts)
    return ''.join([str(k) for k in keys])


def tree_transpose(outer_treedef, inner_treedef, pytree_to_transpose):
    flat = tree_leaves(pytree_to_transpose)
    n_outer = outer_treedef.num_leaves
    n_inner = inner_treedef.num_leaves
    if len(flat) != n_outer * n_inner:
        raise TypeError('Mismatch\n' + str(outer_treedef) + '\n' + str(inner_treedef))
    columns = [tree_unflatten(outer_treedef, [flat[i * n_inner + j] for i in range(n_outer)])
               for j in range(n_inner)]
    return tree_unflatten(inner_treedef, columns)


flatten_with_path = tree_flatten_with_path
leaves_with_path = tree_leaves_with_path
map_with_path = tree_map_with_path
transpose = tree_transpose
