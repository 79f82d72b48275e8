# Tuples: packing, indexing, slicing, concatenation, comparison, len, nested, single element.
t = (1, 2, 3)
u = 4, 5
print(t, u, t + u, t * 2, len(t + u))
print(t[0], t[-1], t[1:], t[::-1], (t + u)[2:4])
print((1,), (), tuple(), tuple([1, 2]), tuple(range(3)))
print((1, 2) == (1, 2), (1, 2) < (1, 2, 0), (2,) > (1, 9), 2 in t)
nested = ((1, 2), (3, (4, 5)))
print(nested[1][1][0], len(nested), nested[0] + nested[1][1])
def mm(xs):
    return min(xs), max(xs)
lo, hi = mm((5, 3, 9))
print(lo, hi, mm([2.5, -1.0]))
shape = (2, 3)
print(shape + (4,), shape[0] * shape[1], (0,) * 3)
