# jax.tree_util key paths (flatten/leaves/map_with_path, keystr) and tree transpose.
import jax, jax.numpy as jnp
from typing import NamedTuple
from jax.tree_util import keystr, tree_flatten_with_path, tree_map_with_path
class P(NamedTuple):
    w: object
    b: object
tree = {'layer': [P(jnp.ones(2), 3.0), (1, None, 2)], 'a': 5}
pairs, td = tree_flatten_with_path(tree)
for path, leaf in pairs:
    print(keystr(path), repr(path), leaf)
print(td)
print(tree_map_with_path(lambda p, x: keystr(p), tree))
print(jax.tree_util.tree_leaves_with_path([1, {'z': 2}]))
print(keystr((jax.tree_util.DictKey('a'), jax.tree_util.SequenceKey(0)), simple=True, separator='/'))
print(jax.tree.map_with_path(lambda p, x: len(p), (1, [2, 3])))
outer = jax.tree.structure([0, 0, 0]); inner = jax.tree.structure((0, 0))
print(jax.tree.transpose(outer, inner, [(1, 2), (3, 4), (5, 6)]))
print(jax.tree_util.tree_transpose(inner, outer, ([1, 2, 3], [4, 5, 6])))
