# covers: heapq and bisect modules, dataclass order=True/frozen (FrozenInstanceError)/astuple/asdict nesting/field(init=False), NamedTuple methods, itertools, Counter algebra, string and format specs
import dataclasses, itertools, collections, heapq, bisect, math, statistics, string, operator, copy, textwrap
from dataclasses import dataclass, field, asdict, astuple
from typing import NamedTuple, List
@dataclass(frozen=True, order=True)
class Point:
    x: float
    y: float = 0.0
    def norm(self): return math.hypot(self.x, self.y)
@dataclass
class Bag:
    items: List[int] = field(default_factory=list)
    total: int = field(init=False, default=0)
    def __post_init__(self):
        self.total = sum(self.items)
p = Point(3, 4)
print(p, p.norm(), sorted([Point(2, 1), Point(1, 5)]), asdict(p), astuple(p), Bag([1, 2]))
try:
    p.x = 1
except dataclasses.FrozenInstanceError as e:
    print("frozen", type(e).__name__)
print(dataclasses.replace(p, y=0), dataclasses.fields(Bag)[0].name, hash(p) == hash(Point(3, 4)))
class Pair(NamedTuple):
    a: int
    b: int = 2
    def swap(self): return Pair(self.b, self.a)
print(Pair(1).swap(), Pair(1, 3)._asdict(), Pair._fields)
print([(k, list(g)) for k, g in itertools.groupby("aabbbc")], list(itertools.islice(itertools.cycle("ab"), 5)))
print(list(itertools.zip_longest([1, 2], "abc", fillvalue=0)), list(itertools.permutations([1, 2, 3], 2))[:4])
print(list(itertools.chain.from_iterable([[1], [2, 3]])), list(itertools.starmap(pow, [(2, 3), (3, 2)])))
dd = collections.defaultdict(list); dd["a"].append(1); dd["b"]; print(dict(dd))
od = collections.OrderedDict(a=1, b=2, c=3); od.move_to_end("a"); print(list(od), od.popitem(last=False))
c1, c2 = collections.Counter("aab"), collections.Counter("abc")
print(c1 + c2, c1 - c2, c1 & c2, (c1 | c2).most_common(1), sum(c1.values()))
h = [5, 1, 3]; heapq.heapify(h); heapq.heappush(h, 0); print(heapq.heappop(h), heapq.nsmallest(2, h), heapq.nlargest(1, [4, 9, 2]))
a = [1, 3, 5]; bisect.insort(a, 4); print(a, bisect.bisect_left(a, 3), bisect.bisect_right(a, 3))
print(math.prod([1, 2, 3, 4]), math.comb(5, 2), math.gcd(12, 18), math.lcm(4, 6), math.isqrt(17), math.factorial(10))
print(statistics.mean([1, 2, 3, 4]), statistics.median([3, 1, 2]), round(statistics.stdev([1, 2, 3, 4]), 6))
print("a,b,,c".split(","), "k=v=w".partition("="), "a.b.c".rsplit(".", 1), "7".zfill(3), "hi".center(6, "*"))
print("hello world".title(), "AbC".swapcase(), "abc".translate(str.maketrans("ab", "xy")), string.ascii_lowercase[:5])
print(sorted([("b", 2), ("a", 2), ("c", 1)], key=operator.itemgetter(1, 0)), list(map(operator.mul, [1, 2], [3, 4])))
nested = {"a": [1, {"b": 2}]}; deep = copy.deepcopy(nested); deep["a"][1]["b"] = 9; print(nested, deep)
print(textwrap.fill("the quick brown fox jumps over the lazy dog", 15))
print(f"{'left':<8}|{'right':>8}|{3.14159:^10.2f}|{42:+d}|{0.000123:.2e}|{1e6:g}|{255:b}|{'x'!r:5}")
print(divmod(-7, 2), -7 // 2, -7 % 2, round(2.5), round(3.5), round(-0.5), 10 ** -2, 2 ** 100, int("ff", 16), bin(10), oct(8))
print(any(x > 2 for x in [1, 3]), all([]), min([], default=0), max("abc"), sorted("bca", reverse=True), list(reversed(range(3))))
print({**{"a": 1}, "b": 2}, [*range(3), *"ab"], (lambda *a, **k: (a, k))(1, x=2))
@dataclass
class Outer:
    inner: Point
    pts: list
print(asdict(Outer(Point(1, 2), [Point(3, 4)])), astuple(Outer(Point(1, 2), [Point(3, 4)])))
h2 = []
for v in [5, 3, 8, 1, 9, 2]:
    heapq.heappush(h2, v)
print(h2, [heapq.heappop(h2) for _ in range(3)], heapq.heappushpop(h2, 4), heapq.heapreplace(h2, 0), h2)
print(bisect.bisect([1, 2, 2, 3], 2), bisect.bisect_left([(1, "a"), (3, "b")], 2, key=lambda t: t[0]))
