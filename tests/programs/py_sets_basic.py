# Sets and frozensets: literals, comprehensions, constructors, every method,
# operators and their in-place forms, printing in CPython's order (ints and
# tuples of ints hash the same in every CPython process; str sets are
# printed sorted because CPython randomises str hashes).
s = {3, 1, 2}
print(s, len(s), type(s).__name__, isinstance(s, set), isinstance(s, frozenset))
print(set(), frozenset(), set([5, 5, 4]), frozenset(range(4)), set((9, 8, 7)))
print(sorted(set("hello")), sorted(frozenset("abcabc")), len(set("mississippi")))
print({x % 5 for x in range(20)}, {(x, x * x) for x in range(3)})
print({*range(3), *[10, 11]}, set({1: "a", 2: "b"}), set(range(0, 30, 7)))

a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.union([9, 8], (7,)), a.intersection(b, [4, 3]), a.difference(b, [1]))
print(a.symmetric_difference([4, 5, 40]), a.copy(), a.copy() is a)
print(a <= b, a < a | b, a >= {1, 2}, a > a, a == {4, 3, 2, 1}, a != b)
print(a.issubset(range(10)), a.issuperset([1, 2]), a.isdisjoint([7, 8]), a.isdisjoint(b))
print(2 in a, 7 in a, 7 not in a, frozenset({1, 2}) == {1, 2}, {1, 2} == [1, 2])

c = set()
c.add(5); c.add(1); c.add(5)
c.update([2, 3], {4}, range(7, 9))
print(c)
c.discard(100); c.discard(2); c.remove(3)
print(c)
try:
    c.remove(42)
except KeyError as e:
    print("KeyError", e)
c.intersection_update([1, 4, 5, 8, 99])
print(c)
c.difference_update([4])
print(c)
c.symmetric_difference_update({1, 50})
print(c)
print(c.pop(), c.pop(), c)
c.clear()
print(c, len(c), bool(c), bool({0}))
try:
    c.pop()
except KeyError as e:
    print("KeyError", e)

# In-place operators mutate the set that other names see.
x = {1, 2, 3}
y = x
y |= {4}
y &= {1, 2, 4}
y -= {1}
y ^= {2, 9}
print(x, y is x)
f = frozenset([1, 2])
g = f
g |= {3}
print(f, g, g is f)

# frozensets are hashable: keys, members, nested.
fs = frozenset([1, 2, 3])
d = {fs: "one-two-three", frozenset(): "empty"}
print(d[frozenset([3, 2, 1])], d[frozenset()], fs in {fs}, {frozenset([1]), frozenset([1])})
print(hash(fs) == hash(frozenset([3, 1, 2])), hash(frozenset()), hash(frozenset({1, 2, 3})))
print(frozenset([frozenset([1]), frozenset([2, 3])]) == {frozenset([2, 3]), frozenset([1])})
print({1} in {frozenset([1])}, frozenset("ab") == frozenset("ba"))

# Mixed numbers: 1 == 1.0 == True hash alike.
print({1, 1.0, True}, {0, False, 0.0}, {1.5, 2.5, 1.5}, {-1, -2, -3})
# unhashable items
for bad in ([1], {1: 2}, {1}):
    try:
        {bad}
    except TypeError as e:
        print("TypeError", e)
try:
    set().add([1, 2])
except TypeError as e:
    print("TypeError", e)
print(sorted({"b", "a", "c"} | {"d"}), sorted({"x", "y"} & {"y", "z"}))
print(list(sorted({(2, "b"), (1, "a")})), max({4, 9, 2}), min(frozenset([7, 3])), sum({1, 2, 3}))
print(repr({1}), str(frozenset([2])), f"{ {3, 4} }", [sorted(s) for s in [{2, 1}, {4, 3}]])
