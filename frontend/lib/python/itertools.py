"""itertools in parax's Python. parax iterates eagerly (no generators yet), so
each function returns a list of what CPython's iterator would produce;
the infinite ones (count, cycle, repeat without times) need laziness and
raise NotImplementedError."""


class chain:
    def __init__(self, *iterables):
        self._items = []
        for it in iterables:
            self._items.extend(list(it))

    def __iter__(self):
        return self._items

    @staticmethod
    def from_iterable(iterables):
        return chain(*list(iterables))


def islice(iterable, *args):
    if len(args) == 1:
        start, stop, step = None, args[0], None
    else:
        start, stop, step = (tuple(args) + (None,))[:3]
    items = list(iterable)
    start = 0 if start is None else start
    stop = len(items) if stop is None else min(stop, len(items))
    step = 1 if step is None else step
    return [items[i] for i in range(start, stop, step)]


def repeat(obj, times=None):
    if times is None:
        raise NotImplementedError("itertools.repeat without times is infinite; parax has no lazy iterators yet")
    return [obj] * max(times, 0)


def count(start=0, step=1):
    raise NotImplementedError("itertools.count is infinite; parax has no lazy iterators yet")


def cycle(iterable):
    raise NotImplementedError("itertools.cycle is infinite; parax has no lazy iterators yet")


def accumulate(iterable, func=None, *, initial=None):
    items = list(iterable)
    out = []
    if initial is not None:
        acc = initial
        out.append(acc)
    elif items:
        acc = items[0]
        out.append(acc)
        items = items[1:]
    else:
        return out
    for x in items:
        acc = acc + x if func is None else func(acc, x)
        out.append(acc)
    return out


def product(*iterables, repeat=1):
    pools = [tuple(p) for p in iterables] * repeat
    result = [()]
    for pool in pools:
        result = [r + (x,) for r in result for x in pool]
    return result


def _pick(pool, indices, keep):
    """The tuples of pool's items at each index tuple that keep accepts."""
    return [tuple(pool[i] for i in idx) for idx in indices if keep(idx)]


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r > n:
        return []
    return _pick(pool, product(range(n), repeat=r), lambda idx: len({i: 0 for i in idx}) == r)


def combinations(iterable, r):
    pool = tuple(iterable)
    return _pick(pool, product(range(len(pool)), repeat=r),
                 lambda idx: all([idx[k] < idx[k + 1] for k in range(len(idx) - 1)]))


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    return _pick(pool, product(range(len(pool)), repeat=r), lambda idx: list(idx) == sorted(idx))


def starmap(function, iterable):
    return [function(*args) for args in iterable]


def takewhile(predicate, iterable):
    out = []
    for x in iterable:
        if not predicate(x):
            break
        out.append(x)
    return out


def dropwhile(predicate, iterable):
    out = []
    dropping = True
    for x in iterable:
        if dropping and predicate(x):
            continue
        dropping = False
        out.append(x)
    return out


def filterfalse(predicate, iterable):
    if predicate is None:
        return [x for x in iterable if not x]
    return [x for x in iterable if not predicate(x)]


def compress(data, selectors):
    return [d for d, s in zip(data, selectors) if s]


def pairwise(iterable):
    items = list(iterable)
    return [(items[i], items[i + 1]) for i in range(len(items) - 1)]


def zip_longest(*iterables, fillvalue=None):
    lists = [list(it) for it in iterables]
    n = max([len(l) for l in lists], default=0)
    return [tuple(l[i] if i < len(l) else fillvalue for l in lists) for i in range(n)]


def groupby(iterable, key=None):
    out = []
    for x in iterable:
        k = x if key is None else key(x)
        if out and out[-1][0] == k:
            out[-1][1].append(x)
        else:
            out.append((k, [x]))
    return out


def tee(iterable, n=2):
    items = list(iterable)
    return tuple(list(items) for _ in range(n))
