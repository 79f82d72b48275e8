# collections.abc: isinstance/issubclass of builtin values, structural checks
# (a class with __iter__ is Iterable), and user classes deriving from
# Mapping/Sequence/MutableMapping that get the mixin methods.
from collections.abc import (Callable, Container, Hashable, Iterable, Iterator, Mapping,
                             MutableMapping, MutableSequence, Sequence, Set, Sized)

print(isinstance({}, Mapping), isinstance({}, MutableMapping), isinstance([], Sequence))
print(isinstance((), Sequence), isinstance("s", Sequence), isinstance({}, Sequence))
print(isinstance([], MutableSequence), isinstance((), MutableSequence), isinstance(set(), Set))
print(isinstance(3, Iterable), isinstance([1], Iterable), isinstance(iter([1]), Iterator))
print(isinstance([], Iterator), isinstance(len, Callable), isinstance(lambda: 0, Callable))
print(isinstance(5, Callable), isinstance(1, Hashable), isinstance([], Hashable))
print(isinstance((x for x in []), Iterator), isinstance(range(3), Sized), isinstance("", Container))
print(issubclass(dict, Mapping), issubclass(list, Sequence), issubclass(int, Sequence))


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n, 0, -1))


print(isinstance(Countdown(3), Iterable), isinstance(Countdown(3), Sized), list(Countdown(3)))


class Frozen(Mapping):
    def __init__(self, **kw):
        self._d = dict(kw)

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


f = Frozen(a=1, b=2)
print(isinstance(f, Mapping), f.get("a"), f.get("z", -1), "b" in f, "q" in f, len(f))
print(sorted(f.keys()), sorted(f.items()), sorted(f.values()), dict(f), f == {"a": 1, "b": 2})


class Store(MutableMapping):
    def __init__(self):
        self._d = {}

    def __getitem__(self, k):
        return self._d[k.lower()]

    def __setitem__(self, k, v):
        self._d[k.lower()] = v

    def __delitem__(self, k):
        del self._d[k.lower()]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


s = Store()
s["Key"] = 1
s.update({"Other": 2}, Third=3)
print(s["KEY"], len(s), sorted(s), s.pop("other"), s.setdefault("new", 0), sorted(s.items()))
print(isinstance(s, MutableMapping), isinstance(s, Mapping), isinstance(s, dict))


class Squares(Sequence):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i

    def __len__(self):
        return self.n


sq = Squares(5)
print(list(sq), 9 in sq, sq.index(16), sq.count(4), list(reversed(sq)), isinstance(sq, Sequence))
class Incomplete(Mapping):
    pass


try:
    Incomplete()
except TypeError as e:
    print("TypeError", e)
