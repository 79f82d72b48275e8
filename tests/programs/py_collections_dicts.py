# collections.defaultdict and OrderedDict: factories, __missing__, reprs,
# move_to_end/popitem(last=), order-sensitive equality, copies; and as JAX
# pytrees (defaultdict sorts its keys, OrderedDict keeps insertion order).
import collections
from collections import OrderedDict, defaultdict

import jax
import jax.numpy as jnp

groups = defaultdict(list)
for word in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    groups[word[0]].append(word)
print(groups)
print(groups["a"], groups["z"], len(groups), dict(groups), isinstance(groups, dict))
counts = defaultdict(int)
for ch in "hello world":
    counts[ch] += 1
print(sorted(counts.items()), counts.default_factory, type(counts))
nested = defaultdict(lambda: defaultdict(int))
nested["x"]["y"] += 2
print(dict(nested["x"]), "x" in nested, "q" in nested)
empty = defaultdict(None)
try:
    empty["k"]
except KeyError as e:
    print("KeyError", e)
try:
    defaultdict(5)
except TypeError as e:
    print("TypeError", e)
copy = groups.copy()
copy["c"].append("cranberry")
print(type(copy).__name__, copy["c"], repr(defaultdict(set)))

od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["c"] = 3
print(od, list(od), sorted(od.keys()))
od.move_to_end("b")
print(list(od.items()))
od.move_to_end("c", last=False)
print(list(od.items()))
print(od.popitem(), od.popitem(last=False), od)
x = OrderedDict(a=1, b=2)
y = OrderedDict(b=2, a=1)
print(x == y, x == {"b": 2, "a": 1}, dict(x) == dict(y), OrderedDict(), list(reversed(x)))
print(OrderedDict.fromkeys("xyz", 0), x.copy(), isinstance(x, dict))
print(x.keys(), x.values(), x.items(), "a" in x.keys(), x.keys() == {"a", "b"}, list(reversed(x.items())))

params = OrderedDict([("w", jnp.ones(2)), ("b", jnp.zeros(1))])
print(jax.tree_util.tree_structure(params))
doubled = jax.tree_util.tree_map(lambda v: v * 2, params)
print(type(doubled).__name__, list(doubled), doubled["w"])
dd = defaultdict(list, {"z": 1.0, "a": 2.0})
print(jax.tree_util.tree_leaves(dd), jax.tree_util.tree_structure(dd))
print(jax.tree_util.tree_map(lambda v: v + 1, dd))


@jax.jit
def total(tree):
    return sum(jax.tree_util.tree_leaves(tree))


print(total(OrderedDict(a=jnp.float32(1.5), b=jnp.float32(2.0))))
print(collections.OrderedDict is OrderedDict, collections.defaultdict.__name__)
