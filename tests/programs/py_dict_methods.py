# dict methods and operators: fromkeys, setdefault, popitem, update from
# pairs and keywords, | and |=, clear; keys that are instances with
# __hash__/__eq__, tuples, frozensets and big ints.
d = dict.fromkeys(["a", "b", "c"], 0)
print(d, dict.fromkeys(range(3)), dict.fromkeys("xy", []))
print(d.setdefault("a", 5), d.setdefault("z", 9), d)
print(d.popitem(), d.popitem(), d)
d.update([("p", 1), ("q", 2)], r=3)
d.update({"a": 100})
d.update(s=4)
print(d)
e = {"a": 1, "x": 2}
print(d | e, e | d, {} | {}, (d | e) is d)
f = e
f |= {"y": 3}
f |= [("z", 4)]
print(e, f is e)
e.clear()
print(e, len(e), bool(e))
try:
    e.popitem()
except KeyError as err:
    print("KeyError", err)
try:
    {}.update([(1, 2, 3)])
except ValueError as err:
    print("ValueError", err)
try:
    {}.update([[1], [2]])
except ValueError as err:
    print("ValueError", err)
try:
    dict.fromkeys([[1]])
except TypeError as err:
    print("TypeError", err)


class Key:
    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return hash(self.name.lower())

    def __eq__(self, other):
        return isinstance(other, Key) and self.name.lower() == other.name.lower()

    def __repr__(self):
        return f"Key({self.name!r})"


k = {Key("Alpha"): 1, Key("beta"): 2}
k[Key("ALPHA")] = 10
print(k, k[Key("BETA")], Key("gamma") in k, len(k))
print(k.get(Key("alpha")), k.pop(Key("Beta")), k)
big = {2**100: "big", (1, 2): "pair", frozenset([1, 2]): "fs", 1.0: "one"}
print(big[2**100], big[(1, 2)], big[frozenset([2, 1])], big[1], big[True], 2**100 + 1 in big)
counts = {}
for w in "the cat and the hat and the bat".split():
    counts[w] = counts.setdefault(w, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
