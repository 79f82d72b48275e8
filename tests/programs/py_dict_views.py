# dict views: live keys/values/items views with their reprs, len, in,
# iteration, reversed, and the set operations of keys and items views.
d = {"a": 1, "b": 2}
k, v, it = d.keys(), d.values(), d.items()
print(k, v, it, len(k), "a" in k, 2 in v, ("a", 1) in it, ("a", 2) in it)
d["c"] = 3
print(k, list(v), sorted(it), type(k).__name__)
# (str sets print in a per-process order in CPython: sorted here)
print(sorted(k & {"a", "z"}), sorted(k | {"z"}), sorted(k - {"a"}), sorted(k ^ {"a", "q"}))
print({"a"} & k, type(k | {"z"}).__name__, sorted({"b", "x"} - k), {1: 0}.keys() | {2})
print(k == {"a", "b", "c"}, k == ["a", "b", "c"], d.keys() == {"c": 0, "b": 0, "a": 0}.keys(), it <= {("a", 1), ("b", 2), ("c", 3), 1})
print(list(reversed(d.keys())), [x for x in d.values()], dict(d.items()), max(d.values()), sum(d.values()))
for key, val in d.items():
    print(key, val, end="; ")
print()
print(", ".join(d.keys()), sorted(d.keys(), reverse=True), k.isdisjoint(["x"]), set(d.items()) == set(it))
print(bool({}.keys()), bool(k), list(zip(d.keys(), d.values())), tuple(d.values()), [*d.keys()])
try:
    hash(k)
except TypeError as e:
    print("TypeError", e)
