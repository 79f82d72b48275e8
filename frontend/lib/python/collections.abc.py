"""collections.abc: the abstract container classes, for isinstance and
issubclass and as bases with mixin methods. As in CPython, a class counts
as Iterable, Sized, Container, Hashable, Callable ... when it (or a base)
defines the method the ABC asks for; Sequence, Mapping, Set and their
mutable kinds hold the builtin types registered with them (list, dict ...)
and classes deriving from them."""

from abc import ABCMeta, abstractmethod


def _defines(cls, names):
    mro = getattr(cls, "__mro__", None)
    if mro is None:
        return False
    for name in names:
        for klass in mro:
            if name in klass.__dict__:
                if klass.__dict__[name] is None:
                    return False
                break
        else:
            return False
    return True


class _ContainerMeta(ABCMeta):
    def __subclasscheck__(cls, subclass):
        if subclass is cls:
            return True
        mro = getattr(subclass, "__mro__", None)
        if mro is not None and cls in mro:
            return True
        for klass in cls.__dict__.get("_builtin_types", ()):
            if subclass is klass:
                return True
            try:
                if issubclass(subclass, klass):
                    return True
            except TypeError:
                pass
        for klass in cls.__dict__.get("_abc_registry") or ():
            if subclass is klass or issubclass(subclass, klass):
                return True
        for sub in _all:
            if sub is not cls and cls in sub.__mro__[1:] and sub.__subclasscheck__(subclass):
                return True
        needs = cls.__dict__.get("_structural")
        return bool(needs) and _defines(subclass, needs)

    def __instancecheck__(cls, instance):
        if cls.__subclasscheck__(type(instance)):
            return True
        # Builtin objects without a class statement (functions, generators,
        # iterators): ask them directly.
        if getattr(type(instance), "__mro__", None) is not None:
            return False
        probe = cls.__dict__.get("_probe")
        return probe is not None and probe(instance)


_all = []


def _probe_iter(x):
    try:
        iter(x)
    except TypeError:
        return False
    return True


def _probe_iterator(x):
    try:
        return iter(x) is x
    except TypeError:
        return False


def _probe_len(x):
    try:
        len(x)
    except TypeError:
        return False
    return True


def _probe_hash(x):
    try:
        hash(x)
    except TypeError:
        return False
    return True


class _Base(metaclass=_ContainerMeta):
    __slots__ = ()

    def __init_subclass__(cls, **kwargs):
        _all.append(cls)


class Hashable(_Base):
    _structural = ("__hash__",)
    _builtin_types = (int, float, str, tuple, frozenset, bool)
    _probe = _probe_hash


class Awaitable(_Base):
    _structural = ("__await__",)


class Iterable(_Base):
    _structural = ("__iter__",)
    _builtin_types = (list, tuple, str, dict, set, frozenset, range)
    _probe = _probe_iter

    @abstractmethod
    def __iter__(self):
        while False:
            yield None


class Iterator(Iterable):
    _structural = ("__iter__", "__next__")
    _probe = _probe_iterator

    @abstractmethod
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self


class Reversible(Iterable):
    _structural = ("__reversed__", "__iter__")
    _builtin_types = (list, tuple, str, dict, range)


class Generator(Iterator):
    _structural = ("__iter__", "__next__", "send", "throw", "close")
    _probe = lambda x: type(x).__name__ == "generator"


class Sized(_Base):
    _structural = ("__len__",)
    _builtin_types = (list, tuple, str, dict, set, frozenset, range)
    _probe = _probe_len

    @abstractmethod
    def __len__(self):
        return 0


class Container(_Base):
    _structural = ("__contains__",)
    _builtin_types = (list, tuple, str, dict, set, frozenset, range)

    @abstractmethod
    def __contains__(self, x):
        return False


class Collection(Sized, Iterable, Container):
    _structural = ("__len__", "__iter__", "__contains__")
    _builtin_types = (list, tuple, str, dict, set, frozenset, range)


class Callable(_Base):
    _structural = ("__call__",)
    _probe = callable

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False

    @classmethod
    def __class_getitem__(cls, item):
        return cls


class Sequence(Reversible, Collection):
    _builtin_types = (list, tuple, str, range)
    _structural = None

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if stop is None:
            stop = len(self)
        for i in range(start, stop):
            v = self[i]
            if v is value or v == value:
                return i
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class MutableSequence(Sequence):
    _builtin_types = (list,)

    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError

    @abstractmethod
    def __delitem__(self, index):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        for v in list(values):
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


class Set(Collection):
    _builtin_types = (set, frozenset)
    _structural = None

    def __le__(self, other):
        if len(self) > len(other):
            return False
        return all(e in other for e in self)

    def __ge__(self, other):
        return all(e in self for e in other)

    def __eq__(self, other):
        return len(self) == len(other) and self.__le__(other)

    def isdisjoint(self, other):
        return all(v not in self for v in other)


class MutableSet(Set):
    _builtin_types = (set,)


class Mapping(Collection):
    _builtin_types = (dict,)
    _structural = None

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())


class MutableMapping(Mapping):
    _builtin_types = (dict,)

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    def pop(self, key, *default):
        try:
            value = self[key]
        except KeyError:
            if default:
                return default[0]
            raise
        del self[key]
        return value

    def popitem(self):
        for key in self:
            value = self[key]
            del self[key]
            return key, value
        raise KeyError

    def clear(self):
        for key in list(self):
            del self[key]

    def update(self, other=(), **kwds):
        if isinstance(other, Mapping) or hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class MappingView(Sized):
    pass


class KeysView(MappingView, Set):
    pass


class ItemsView(MappingView, Set):
    pass


class ValuesView(MappingView, Collection):
    pass
