"""collections: the Python half of the native module (which has namedtuple).
defaultdict, Counter and OrderedDict are dict subclasses (as in CPython, so
isinstance(c, dict) holds and dict's methods act on them); deque and
ChainMap are plain classes. Reprs follow the running CPython (3.11:
OrderedDict([('a', 1)])). defaultdict and OrderedDict are pytree nodes, as
JAX registers them; Counter, deque and ChainMap are leaves."""

import collections as _native


def _repr_items(d):
    return dict.__repr__(d)


class defaultdict(dict):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def __repr__(self):
        return "%s(%r, %s)" % (type(self).__name__, self.default_factory, _repr_items(self))

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        dict.update(new, other)
        return new


class OrderedDict(dict):
    def keys(self):
        return _native._odict_view(self, "keys")

    def values(self):
        return _native._odict_view(self, "values")

    def items(self):
        return _native._odict_view(self, "items")

    def __repr__(self):
        if not self:
            return "%s()" % type(self).__name__
        return "%s(%r)" % (type(self).__name__, list(dict.items(self)))

    def move_to_end(self, key, last=True):
        if key not in self:
            raise KeyError(key)
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
            return
        rest = list(dict.items(self))
        dict.clear(self)
        dict.__setitem__(self, key, value)
        for k, v in rest:
            dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        key = list(dict.keys(self))[-1 if last else 0]
        return key, dict.pop(self, key)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(dict.items(self)) == list(dict.items(other))
        return dict.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for k in iterable:
            d[k] = value
        return d

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        dict.update(new, other)
        return new


class Counter(dict):
    def __init__(self, *args, **kwds):
        if len(args) > 1:
            raise TypeError("expected at most 1 argument, got %d" % len(args))
        dict.__init__(self)
        self.update(*args, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(dict.values(self))

    def most_common(self, n=None):
        items = sorted(dict.items(self), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:max(n, 0)]

    def elements(self):
        out = []
        for k, v in dict.items(self):
            for _ in range(v):
                out.append(k)
        return iter(out)

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.")

    def update(self, *args, **kwds):
        if len(args) > 1:
            raise TypeError("expected at most 1 argument, got %d" % len(args))
        iterable = args[0] if args else None
        if iterable is not None:
            if isinstance(iterable, dict) or hasattr(iterable, "keys"):
                for k in iterable.keys():
                    dict.__setitem__(self, k, self[k] + iterable[k])
            else:
                for k in iterable:
                    dict.__setitem__(self, k, self[k] + 1)
        if kwds:
            self.update(kwds)

    def subtract(self, *args, **kwds):
        if len(args) > 1:
            raise TypeError("expected at most 1 argument, got %d" % len(args))
        iterable = args[0] if args else None
        if iterable is not None:
            if isinstance(iterable, dict) or hasattr(iterable, "keys"):
                for k in iterable.keys():
                    dict.__setitem__(self, k, self[k] - iterable[k])
            else:
                for k in iterable:
                    dict.__setitem__(self, k, self[k] - 1)
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    def __delitem__(self, key):
        if key in self:
            dict.__delitem__(self, key)

    def __repr__(self):
        if not self:
            return "%s()" % type(self).__name__
        try:
            body = ", ".join("%r: %r" % kv for kv in self.most_common())
            return "%s({%s})" % (type(self).__name__, body)
        except TypeError:
            return "%s(%s)" % (type(self).__name__, dict.__repr__(self))

    # Missing counts are zeros: Counter(a=1) == Counter(a=1, b=0).
    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in dict.items(self):
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in dict.items(other):
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in dict.items(self):
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in dict.items(other):
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in dict.items(self):
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in dict.items(other):
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in dict.items(self):
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in dict.items(self):
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in dict.items(self):
            if count < 0:
                result[elem] = 0 - count
        return result

    def __iadd__(self, other):
        for elem, count in dict.items(other):
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in dict.items(other):
            self[elem] -= count
        return self._keep_positive()

    def _keep_positive(self):
        for elem in [e for e, c in dict.items(self) if not c > 0]:
            dict.__delitem__(self, elem)
        return self


class deque:
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = maxlen
        self._items = []
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _trim_right(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[: len(self._items) - self._maxlen]

    def _trim_left(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[self._maxlen:]

    def append(self, x):
        self._items.append(x)
        self._trim_right()

    def appendleft(self, x):
        self._items.insert(0, x)
        self._trim_left()

    def extend(self, iterable):
        for x in list(iterable):
            self.append(x)

    def extendleft(self, iterable):
        for x in list(iterable):
            self.appendleft(x)

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop(0)

    def rotate(self, n=1):
        k = len(self._items)
        if k == 0:
            return
        n = n % k
        if n:
            self._items = self._items[-n:] + self._items[:-n]

    def clear(self):
        self._items = []

    def copy(self):
        return deque(self._items, self._maxlen)

    __copy__ = copy

    def count(self, x):
        return self._items.count(x)

    def index(self, x, start=0, stop=None):
        stop = len(self._items) if stop is None else stop
        for i in range(max(start, 0), min(stop, len(self._items))):
            if self._items[i] == x:
                return i
        raise ValueError("%r is not in deque" % (x,))

    def insert(self, i, x):
        if self._maxlen is not None and len(self._items) >= self._maxlen:
            raise IndexError("deque already at its maximum size")
        self._items.insert(i, x)

    def remove(self, value):
        for i, x in enumerate(self._items):
            if x == value:
                del self._items[i]
                return
        raise ValueError("%r is not in deque" % (value,))

    def reverse(self):
        self._items.reverse()

    def _index(self, i):
        if not isinstance(i, int):
            raise TypeError("sequence index must be integer, not '%s'" % type(i).__name__)
        n = len(self._items)
        j = i + n if i < 0 else i
        if j < 0 or j >= n:
            raise IndexError("deque index out of range")
        return j

    def __getitem__(self, i):
        return self._items[self._index(i)]

    def __setitem__(self, i, x):
        self._items[self._index(i)] = x

    def __delitem__(self, i):
        del self._items[self._index(i)]

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return len(self._items) > 0

    def __iter__(self):
        return iter(list(self._items))

    def __reversed__(self):
        return reversed(list(self._items))

    def __contains__(self, x):
        return x in self._items

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items != other._items

    def __lt__(self, other):
        return self._items < other._items

    def __le__(self, other):
        return self._items <= other._items

    def __gt__(self, other):
        return self._items > other._items

    def __ge__(self, other):
        return self._items >= other._items

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque' %
                            type(other).__name__)
        return deque(self._items + other._items, self._maxlen)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        return deque(self._items * n, self._maxlen)

    def __repr__(self):
        if self._maxlen is None:
            return "deque(%r)" % (self._items,)
        return "deque(%r, maxlen=%d)" % (self._items, self._maxlen)

    __hash__ = None


class ChainMap:
    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def _merged(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return d

    def __len__(self):
        return len(self._merged())

    def __iter__(self):
        return iter(list(self._merged()))

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def keys(self):
        return self._merged().keys()

    def items(self):
        return [(k, self[k]) for k in self._merged()]

    def values(self):
        return [self[k] for k in self._merged()]

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(repr(m) for m in self.maps))

    def copy(self):
        return type(self)(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return type(self)(m, *self.maps)

    @property
    def parents(self):
        return type(self)(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError("Key not found in the first mapping: {!r}".format(key))

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError("Key not found in the first mapping: {!r}".format(key))

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError("No keys found in the first mapping.")

    def clear(self):
        self.maps[0].clear()

    def update(self, other=(), **kwargs):
        self.maps[0].update(other, **kwargs)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def __eq__(self, other):
        return dict(self.items()) == dict(other.items())


class UserDict(dict):
    """A dict subclass standing in for UserDict (its .data is itself)."""

    @property
    def data(self):
        return self


class UserList(list):
    @property
    def data(self):
        return self


# JAX registers OrderedDict (keys in insertion order) and defaultdict (keys
# sorted, the factory in the treedef) as pytree nodes.
def _odict_flatten(d):
    keys = tuple(dict.keys(d))
    return [dict.__getitem__(d, k) for k in keys], keys


def _odict_unflatten(keys, children):
    return OrderedDict(zip(keys, children))


def _ddict_flatten(d):
    keys = tuple(sorted(dict.keys(d)))
    return [dict.__getitem__(d, k) for k in keys], (d.default_factory, keys)


def _ddict_unflatten(aux, children):
    factory, keys = aux
    return defaultdict(factory, zip(keys, children))


_native._register_pytree_node(OrderedDict, _odict_flatten, _odict_unflatten)
_native._register_pytree_node(defaultdict, _ddict_flatten, _ddict_unflatten)
