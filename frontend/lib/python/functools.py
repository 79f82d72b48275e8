"""functools, the part written in parax's Python (partial is native)."""


def reduce(function, iterable, *initial):
    items = list(iterable)
    if len(initial) > 1:
        raise TypeError("reduce expected at most 3 arguments, got " + str(2 + len(initial)))
    if initial:
        acc = initial[0]
    elif items:
        acc = items[0]
        items = items[1:]
    else:
        raise TypeError("reduce() of empty iterable with no initial value")
    for x in items:
        acc = function(acc, x)
    return acc


class _CacheInfo:
    def __init__(self, hits, misses, maxsize, currsize):
        self.hits = hits
        self.misses = misses
        self.maxsize = maxsize
        self.currsize = currsize

    def __repr__(self):
        return (f"CacheInfo(hits={self.hits}, misses={self.misses}, "
                f"maxsize={self.maxsize}, currsize={self.currsize})")


class _LruCacheWrapper:
    def __init__(self, fn, maxsize):
        self.__wrapped__ = fn
        self.__name__ = getattr(fn, "__name__", "function")
        self._maxsize = maxsize
        self._cache = {}
        self._order = []
        self._hits = 0
        self._misses = 0

    def __call__(self, *args, **kwargs):
        key = (args, tuple(sorted(kwargs.items())))
        if key in self._cache:
            self._hits += 1
            if self._maxsize is not None:
                self._order.remove(key)
                self._order.append(key)
            return self._cache[key]
        self._misses += 1
        value = self.__wrapped__(*args, **kwargs)
        if self._maxsize is None or self._maxsize > 0:
            self._cache[key] = value
            self._order.append(key)
            if self._maxsize is not None and len(self._order) > self._maxsize:
                oldest = self._order.pop(0)
                del self._cache[oldest]
        return value

    def cache_info(self):
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        self._cache = {}
        self._order = []
        self._hits = 0
        self._misses = 0


def lru_cache(maxsize=128, typed=False):
    if callable(maxsize) and not isinstance(maxsize, int):
        return _LruCacheWrapper(maxsize, 128)

    def decorating(fn):
        return _LruCacheWrapper(fn, maxsize)

    return decorating


def cache(fn):
    return _LruCacheWrapper(fn, None)


WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__")
WRAPPER_UPDATES = ("__dict__",)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    # As CPython: the wrapped function's name, qualname, doc and module, and
    # its attribute dict merged in (where the wrapper has one).
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            continue
        try:
            setattr(wrapper, attr, value)
        except (AttributeError, TypeError):
            pass  # a native wrapper without that attribute slot
    for attr in updated:
        source = getattr(wrapped, attr, None)
        if not source:
            continue
        if attr == "__dict__":
            # Set one by one: a function's __dict__ here is a snapshot.
            for key, value in source.items():
                try:
                    setattr(wrapper, key, value)
                except (AttributeError, TypeError):
                    pass
        else:
            try:
                getattr(wrapper, attr).update(source)
            except (AttributeError, TypeError):
                pass
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorating(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)

    return decorating


def cmp_to_key(mycmp):
    class K:
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

    return K
