# Lists: append, extend, index, negative index, slicing, +, *, len, in, nested, aliasing.
a = [1, 2, 3]
a.append(4)
a.extend([5, 6])
print(a, len(a), a[0], a[-1], a[-2:], a[1:5:2])
b = a
b.append(7)
print(a is b, len(a))
c = a + [8]
print(len(a), len(c), c[-1])
print([0] * 3, [[0] * 2] * 2, 3 in a, 30 in a)
a[0] = 100
a[-1] = -7
print(a)
m = [[1, 2], [3, 4]]
m[1][0] = 30
print(m, m[1][0], m[-1][-1])
e = []
for i in range(4):
    e.append(i * i)
print(e, sum(e), max(e), min(e), sorted(e, reverse=True))
print(list(range(3)) == [0, 1, 2], [1, 2] < [1, 3], list('abc'), list((1, 2)))
nested = [[], [1], [1, 2]]
print([len(n) for n in nested])
x = [3, 1, 2]
y = sorted(x)
print(x, y)
