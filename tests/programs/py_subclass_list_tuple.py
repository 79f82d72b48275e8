# list, tuple, set and frozenset subclasses: construction through __init__ /
# __new__, extra methods, inherited methods on the subclass's items,
# operators (which give plain builtins, as in CPython), slicing, unpacking.


class Stack(list):
    def push(self, x):
        self.append(x)

    def peek(self):
        return self[-1]

    def __repr__(self):
        return "Stack(" + super().__repr__() + ")"


s = Stack([1, 2])
s.push(3)
print(s, s.peek(), len(s), s[0], s[1:], s[::-1])
print(s.pop(), s, isinstance(s, list), type(s[1:]).__name__, type(s + [9]).__name__)
s += [7, 8]
print(s, type(s).__name__)
s[0] = 100
s[1:3] = ["a", "b", "c"]
del s[-1]
print(s, s.index("b"), s.count(7), 7 in s)
s.sort(key=str)
print(s, sorted(Stack([3, 1, 2])), list(reversed(Stack([1, 2, 3]))))
print(sum(Stack([1, 2, 3])), max(Stack([4, 9, 2])), Stack() == [], Stack([1]) == [1])


class Vector(list):
    def __init__(self, n):
        super().__init__(range(n))

    def norm2(self):
        return sum(x * x for x in self)


v = Vector(4)
print(v, v.norm2(), [x * 2 for x in v], v * 2, 2 * v)


class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))

    @property
    def x(self):
        return self[0]

    @property
    def y(self):
        return self[1]

    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


p = Point(1, 2) + Point(3, 4)
a, b = p
print(p, a, b, p.x, p.y, len(p), p == (4, 6), hash(p) == hash((4, 6)), isinstance(p, tuple))
print({p: "here"}[Point(4, 6)] if Point(4, 6) in {p: 1} else "no", tuple(p), list(p), p[::-1])


class Pair(tuple):
    pass


q = Pair([5, 6])
print(q, type(q).__name__, q + (7,), q.count(5), q.index(6))


class Tags(set):
    def add_all(self, *items):
        for i in items:
            self.add(i)


t = Tags(["a"])
t.add_all("b", "c")
print(sorted(t), len(t), "b" in t, isinstance(t, set), sorted(t | {"z"}), sorted(t & {"a", "q"}))
print(Tags(), Tags([1]))


class Frozen(frozenset):
    pass


f = Frozen([3, 1])
print(sorted(f), len(f), hash(f) == hash(frozenset([1, 3])), f == frozenset({1, 3}))
