# Augmented assignment evaluates its target's object and index once, then
# reads the current value, then the right-hand side (Python's order), and
# the hot paths (float and int arithmetic, list and dict items, attributes)
# give Python's results, overflow into big ints included.
log = []


def note(tag, value):
    log.append(tag)
    return value


xs = [1, 2, 3]
xs[note("index", 0)] += note("rhs", 10)
print(xs, log)

log.clear()
d = {"a": 1.5}
note("dict", d)[note("key", "a")] *= note("rhs", 4)
print(d, log)


class Box:
    def __init__(self):
        self.n = 0
        self.v = 0.25


box = Box()
log.clear()
note("obj", box).n += note("rhs", 7)
print(box.n, log)


class Loud:
    def __init__(self):
        self.items = [0, 0]

    def __getitem__(self, i):
        log.append(("get", i))
        return self.items[i]

    def __setitem__(self, i, v):
        log.append(("set", i, v))
        self.items[i] = v


log.clear()
loud = Loud()
loud[note("i", 1)] -= 5
print(loud.items, log)

# The right-hand side sees the value read before it ran.
g = 1


def bump():
    global g
    g = 100
    return 1


g += bump()
print(g)

# Int arithmetic past int64, float corner cases, mixed kinds.
big = 2**62
big += 2**62
print(big, type(big).__name__)
m = -(2**63)
m -= 1
print(m)
p = 3037000500
p *= 3037000500
print(p)
f = 0.1
f += 0.2
print(f, f * 3, f - 0.3, 1.0 / 3.0, -0.0 * 1.0)
try:
    z = 1.0
    z /= 0.0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
i = 7
i /= 2
print(i, 7 // 2, 7 % 3, -7 // 2, 2 ** 10, 5 - 8, True + True, 1 + 2.5)
acc = 0.0
for k in range(1000):
    acc += k * 0.5
print(acc)
ys = [[1.0, 2.0], [3.0, 4.0]]
for row in ys:
    row[0] += row[1] * 2.0
    row[1] -= 1.5
print(ys, ys[-1][-1], ys[0][-2])
t = (1, 2, 3)
print(t[-1], t[0], [4, 5][-2])
try:
    print([1][5])
except IndexError as e:
    print("IndexError", e)
try:
    print((1,)[-2])
except IndexError as e:
    print("IndexError", e)
print(1 < 2, 2.5 >= 2.5, 3 == 3, 4 != 4, float("nan") == float("nan"), float("nan") != float("nan"), 1 < 1.5, 2 == 2.0)
