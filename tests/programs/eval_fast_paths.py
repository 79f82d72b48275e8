# The evaluator's fast paths (plain calls straight into slots, cached global
# lookups, inline int/float arithmetic and comparisons, list items updated in
# place) must give CPython's answers, errors included.


# Integer floor division and remainder take the divisor's sign.
for x in (7, -7, 0, 9223372036854775807, -9223372036854775808):
    for y in (3, -3, 1, -1, 7919):
        print(x, y, x // y, x % y)
for x, y in ((5, 0), (-5, 0), (0, 0), (10**30, 0), (5.0, 0.0)):
    for op in ("//", "%"):
        try:
            print(x // y if op == "//" else x % y)
        except ZeroDivisionError as e:
            print("ZeroDivisionError", op, e)
print(-9223372036854775808 // -1, -9223372036854775808 % -1)
print(2.0 ** 0.5, 10.0 ** -2.0, 1.5 ** 3.0, 0.0 ** 2.0, 4.0 ** 0.0)
try:
    print(10.0 ** 400.0)
except OverflowError as e:
    print("OverflowError", e)
try:
    print(0.0 ** -1.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
print(7.5 // 2.0, -7.5 % 2.0, True + True, True % 2, 3 % True)

# Comparisons: chains stop at the first false link; NaN compares false.
nan = float("nan")
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 > 0, 1 == 1.0, 2 != 2, nan == nan, nan < 1.0, nan != nan)
print(1 < 2.5, 2.5 <= 2, "a" < "b" < "c", [1] < [2], (1, 2) == (1, 2))
calls = []


def probe(v):
    calls.append(v)
    return v


print(probe(1) < probe(0) < probe(5), calls)
for v in (0, 1, -1, 0.0, 2.5, None, True, False, "", "x", [], [0]):
    print(repr(v), "truthy" if v else "falsy", 1 if v else 0)
n = 3
while n:
    n -= 1
print("while done", n)


# Calls: positional, methods, defaults, keywords, starred, errors.
def add(a, b):
    return a + b


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def with_default(a, b=10):
    return a * b


class Counter:
    def __init__(self, start):
        self.count = start

    def bump(self, by):
        self.count += by
        return self.count


c = Counter(5)
print(add(1, 2), fib(15), with_default(3), with_default(3, 4), with_default(b=2, a=5))
print(add(*(1, 2)), add(b=1, a=2), c.bump(2), c.bump(-10), Counter.bump(c, 1))
try:
    add(1)
except TypeError as e:
    print("TypeError", e)
try:
    add(1, 2, 3)
except TypeError as e:
    print("TypeError", e)
try:
    c.bump()
except TypeError as e:
    print("TypeError", e)
try:
    add(1, undefined_name)
except NameError as e:
    print("NameError", e)


def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)


print(deep(500))
try:
    deep(100000)
except RecursionError:
    print("RecursionError caught")
print(deep(10))


# Globals seen through the cache: rebinding, shadowing a builtin, deleting.
def uses_helper(x):
    return helper(x)


def helper(x):
    return x + 1


print(uses_helper(1))


def helper(x):
    return x * 100


print(uses_helper(2))


def measure(xs):
    return len(xs)


print(measure([1, 2, 3]))
len = lambda xs: -1
print(measure([1, 2, 3]))
del len
print(measure([1, 2, 3]))
later = 1


def read_later():
    return later


print(read_later())
del later
try:
    read_later()
except NameError as e:
    print("NameError", e)


def define_global():
    global made_inside
    made_inside = "made"


try:
    print(made_inside)
except NameError as e:
    print("NameError", e)


def read_made():
    return made_inside


define_global()
print(read_made())

# Augmented assignment to list items: read and written in place, the index
# checked again after the right-hand side ran (which may shrink the list).
xs = [1, 2, 3, 4]
xs[0] += 10
xs[-1] *= 2
xs[1] -= xs.pop()
print(xs)
ys = [1, 2]
try:
    ys[1] += ys.pop()
except IndexError as e:
    print("IndexError", e)
print(ys)
try:
    ys[5] += 1
except IndexError as e:
    print("IndexError", e)
zs = [[0.0] * 3 for _ in range(2)]
for i in range(2):
    for j in range(3):
        zs[i][j] += i * 0.5 + j
print(zs)
ts = (1, 2)
try:
    ts[0] += 1
except TypeError as e:
    print("TypeError", e)

# Assignment moves the value into the slot: the source keeps its own.


def aliasing():
    a = [1, 2]
    b = a
    b.append(3)
    c = b
    return a, b, c, a is c


print(aliasing())


# __qualname__, and the names argument errors give.
class Outer:
    class Inner:
        def method(self, a):
            return a

    def method(self, a):
        def local(b):
            return b
        return local


def factory():
    class Made:
        def go(self):
            return 1
    return Made, lambda q: q


Made, lam = factory()
print(Outer.__qualname__, Outer.Inner.__qualname__, Outer.Inner.method.__qualname__,
      Outer().method(1).__qualname__, Made.__qualname__, Made.go.__qualname__,
      lam.__qualname__, factory.__qualname__, Outer.method.__name__)
for bad in (lambda: Outer.Inner().method(), lambda: Outer().method(1)(), lambda: Made().go(2),
            lambda: lam(), lambda: factory(1)):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)


# Attribute reads and writes on instances (the class lookups are cached per
# site): properties, __setattr__, __getattr__, __slots__, classes changed
# while their instances are in use.
class Point:
    def __init__(self, x):
        self.x = x

    def norm(self):
        return "norm of " + str(self.x)


class Guarded(Point):
    def __setattr__(self, name, value):
        print("setattr", name, value)


class WithProperty:
    def __init__(self):
        self._v = 1

    @property
    def v(self):
        return self._v * 10


class Fallback:
    def __getattr__(self, name):
        return "missing " + name


class Slotted:
    __slots__ = ("a",)


def read_x(p):
    return p.x


def bump_x(p):
    p.x += 1
    return p.x


pts = [Point(1), Point(-2)]
print([read_x(p) for p in pts], [bump_x(p) for p in pts], [p.norm() for p in pts])
g = Guarded(5)
g.y = 3
wp = WithProperty()
print(wp.v)
try:
    wp.v = 5
except AttributeError as e:
    print("AttributeError", e)
print(Fallback().anything)
s = Slotted()
s.a = 1
try:
    s.b = 2
except AttributeError as e:
    print("AttributeError", e)
p = Point(3)
for step in range(4):
    if step == 1:
        Point.x = property(lambda self: "class property")
    if step == 2:
        del Point.x
    if step == 3:
        p.norm = lambda: "instance attribute"
    try:
        print(step, read_x(p), p.norm())
    except AttributeError as e:
        print(step, "AttributeError", e)
try:
    Point(1).nothing
except AttributeError as e:
    print("AttributeError", e)
