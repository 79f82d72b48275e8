# covers: lazy consumption of generators by for, comprehensions, zip/map/filter/enumerate/reversed, sum/min/max/any/all/sorted/next, iter(callable, sentinel), str.join, in, unpacking, list/tuple/dict constructors
import itertools

log = []


def noisy(n, name="g"):
    for i in range(n):
        log.append(f"{name}{i}")
        yield i


def naturals():
    n = 0
    while True:
        yield n
        n += 1


print(list(zip(itertools.count(), noisy(3))))
print(log)
log.clear()
print(list(zip(noisy(5, "a"), "xy")), log)
log.clear()
print(list(zip("xy", noisy(5, "b"))), log)
log.clear()

m = map(lambda x: x * x, naturals())
print(type(m).__name__, next(m), next(m), next(m))
f = filter(lambda x: x % 3 == 0, naturals())
print(type(f).__name__, [next(f) for _ in range(4)])
e = enumerate(noisy(3, "e"), start=10)
print(type(e).__name__, next(e), log)
print(list(e), log)
log.clear()

print(any(x > 100 for x in naturals()), all(x < 5 for x in naturals()))
print(sum(x for x in range(101)), sum((x * 0.5 for x in range(4)), 10.0))
print(min(x % 7 for x in range(1, 20)), max((abs(x - 5) for x in range(9)), default=None))
print(max((x for x in []), default="empty"), min(noisy(4), key=lambda v: -v))
print(sorted(noisy(4, "s"), reverse=True), log)
log.clear()

gen = (x * x for x in naturals())
print([next(gen) for _ in range(5)], next(gen))
print(5 in naturals(), 36 in (x * x for x in naturals()))
it = iter([1, 2, 3, 4, 5])
print(3 in it, list(it))

print(",".join(str(x) for x in range(5)), "-".join(map(str, noisy(3))))
print(list(x for x in "abc" if x != "b"))
print(tuple(noisy(3)), dict((k, k * k) for k in range(4)), dict(enumerate("ab")))
print(list(map(pow, range(4), itertools.repeat(3))))

a, b, c = (x + 1 for x in range(3))
print(a, b, c)
first, *rest = noisy(4)
print(first, rest)
try:
    x, y = naturals()
except ValueError as err:
    print("ValueError:", err)
try:
    x, y, z = (i for i in range(2))
except ValueError as err:
    print("ValueError:", err)

chunks = iter([3, 1, 4, 0, 5])
print(list(iter(lambda: next(chunks), 0)), list(chunks))
print(next(iter([]), "none"), next(naturals()), next(iter("xyz")))

for i, (n, sq) in enumerate(zip(naturals(), (k * k for k in naturals()))):
    if i == 3:
        print("stopped at", n, sq)
        break

outer = [(i, j) for i in noisy(3, "o") for j in range(i)]
print(outer)
nested = list((i, j) for i in range(3) for j in (x for x in range(i)))
print(nested)
print({k: v for k, v in zip("abc", naturals())})

r = reversed([1, 2, 3])
print(type(r).__name__, list(r), list(reversed(range(5))), list(reversed((1, 2))))
try:
    reversed(naturals())
except TypeError as err:
    print("TypeError:", err)
try:
    next([1, 2])
except TypeError as err:
    print("TypeError:", err)

it = iter(range(5))
print(next(it), list(it), list(it))
items = [1, 2, 3]
out = []
for x in items:
    out.append(x)
    if len(items) < 6:
        items.append(x * 10)
print(out)
z = zip([1, 2], [3, 4])
print(list(z), list(z))
print(list(zip(*[(1, "a"), (2, "b")])))
print(list(zip(range(3), range(3), strict=True)))
try:
    list(zip([1, 2, 3], [1], strict=True))
except ValueError as err:
    print("ValueError:", err)
m = map(int, ["1", "x", "3"])
print(next(m))
try:
    next(m)
except ValueError as err:
    print("ValueError:", err)
print(next(m), next(m, "end"))
it = iter([1, 2])
print(list(map(lambda _: next(it), range(5))))
it = iter([1])
print(next(map(lambda _: next(it), range(5))), next(map(lambda _: next(it), range(5)), "dflt"))
print(isinstance(m, map), isinstance(zip(), zip), type(enumerate([])) is enumerate)
