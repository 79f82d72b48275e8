# A set iterates in its hash table's order, which CPython decides by the
# hashes, the table size (grown at 60% fill) and deleted slots: these
# prints check parax builds exactly CPython's tables.
import math

print({3, 1, 2}, {100, 10, 1}, {8, 16, 24, 32}, {-5, 5, -6, 6})
print(set(range(20)) - {5}, {i * 7 % 13 for i in range(40)})
print(set(range(100, 0, -7)))
print({2**40, 2**61 - 1, 2**61, 2**62 + 3, -2**61 + 1, 10**18})
print({1.5, 0.25, -3.75, 1e10, 1e-3, math.inf, -math.inf})
print({(1, 2), (2, 1), (0, 0), (3, (4, 5)), ()})
print({frozenset(), frozenset([1]), frozenset([1, 2])} == {frozenset([2, 1]), frozenset(), frozenset({1})})

# Deleted slots are reused; pop walks from a moving finger.
s = set(range(12))
for k in (3, 7, 11):
    s.remove(k)
s.add(27)
s.add(35)
print(s)
print([s.pop() for _ in range(4)], s)
s.update(range(40, 60, 3))
print(s)

# Collisions in a small table: 8, 16 and 24 all start at slot 0.
t = {8, 16, 24, 0}
t.discard(16)
t.add(32)
print(t)

# Operator results: each builds its set in CPython's insertion order.
a = set(range(0, 40, 3))
b = set(range(0, 40, 5))
print(a | b)
print(b | a)
print(a & b, b & a)
print(a - b)
print(b - a)
print(a ^ b)
print(b ^ a)
print(a.union(range(50, 30, -4)))
print(a.intersection([30, 15, 0, 99]))
print(a.difference(range(10)))
print(a.symmetric_difference(range(35, 45)))
big = set(range(1000))
small = {999, 5, 500}
print(big & small, small & big, small - big, len(big - small))
print(set(range(10)) - set(range(100)), set(range(3000)) - set(range(2995)))

c = set(range(30))
c -= set(range(0, 30, 2))
print(c)
c &= {1, 3, 5, 7, 100}
print(c)
c ^= {5, 6}
print(c)
c |= set(range(20, 24))
print(c)

# Growing one element at a time through several resizes.
g = set()
for i in range(0, 200, 9):
    g.add(i * i % 101)
print(g)
print(sorted(g) == sorted(set(i * i % 101 for i in range(0, 200, 9))))
print(list({5: 0, 3: 0, 9: 0}), set({5: 0, 3: 0, 9: 0}), frozenset([40, 8, 16]))
