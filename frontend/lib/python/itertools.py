"""itertools in parax's Python: lazy, as CPython's. Each function makes its
items on demand (generators, or small iterator classes where CPython's
objects have a repr worth keeping, as count and repeat do), so the infinite
ones (count, cycle, repeat without times) work with islice, zip, next and
for loops that stop."""


def _check_index(value, what):
    if value is None:
        return None
    if not isinstance(value, int) or value < 0:
        raise ValueError(what + " for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
    return value


class count:
    def __init__(self, start=0, step=1):
        self._next = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        value = self._next
        self._next = value + self._step
        return value

    def __repr__(self):
        if self._step == 1 and not isinstance(self._step, float):
            return "count(" + repr(self._next) + ")"
        return "count(" + repr(self._next) + ", " + repr(self._step) + ")"


class repeat:
    def __init__(self, object, times=None):
        self._object = object
        self._times = None if times is None else max(times, 0)

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._object
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._object

    def __length_hint__(self):
        if self._times is None:
            raise TypeError("len() of unsized object")
        return self._times

    def __repr__(self):
        if self._times is None:
            return "repeat(" + repr(self._object) + ")"
        return "repeat(" + repr(self._object) + ", " + repr(self._times) + ")"


def cycle(iterable):
    saved = []
    for element in iterable:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


def chain(*iterables):
    for iterable in iterables:
        yield from iterable


def _chain_from_iterable(iterables):
    for iterable in iterables:
        yield from iterable


chain.from_iterable = _chain_from_iterable


def islice(iterable, *args):
    if not 1 <= len(args) <= 3:
        raise TypeError("islice expected at most 4 arguments, got " + str(len(args) + 1))
    if len(args) == 1:
        start, stop, step = None, args[0], None
    else:
        start, stop, step = (tuple(args) + (None,))[:3]
    stop = _check_index(stop, "Stop argument")
    start = _check_index(start, "Indices")
    start = 0 if start is None else start
    if step is None:
        step = 1
    elif not isinstance(step, int) or step <= 0:
        raise ValueError("Step for islice() must be a positive integer or None.")
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    # Consumes no more than CPython's islice does: up to `stop` items.
    wanted = start
    if stop is None:
        for i, element in enumerate(it):
            if i == wanted:
                yield element
                wanted += step
        return
    for i, element in zip(range(stop), it):
        if i == wanted:
            yield element
            wanted += step


def accumulate(iterable, func=None, *, initial=None):
    it = iter(iterable)
    total = initial
    if initial is None:
        for first in it:
            total = first
            break
        else:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def takewhile(predicate, iterable):
    for x in iterable:
        if not predicate(x):
            break
        yield x


def dropwhile(predicate, iterable):
    it = iter(iterable)
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def filterfalse(predicate, iterable):
    for x in iterable:
        if not (bool(x) if predicate is None else predicate(x)):
            yield x


def compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def pairwise(iterable):
    it = iter(iterable)
    for previous in it:
        for current in it:
            yield previous, current
            previous = current
        break


def batched(iterable, n):
    if n < 1:
        raise ValueError("n must be at least one")
    return _batched(iter(iterable), n)


def _batched(it, n):
    while True:
        batch = tuple(islice(it, n))
        if not batch:
            return
        yield batch


def zip_longest(*iterables, fillvalue=None):
    return _zip_longest([iter(it) for it in iterables], fillvalue)


def _zip_longest(iterators, fillvalue):
    active = len(iterators)
    if not active:
        return
    while True:
        row = []
        for i in range(len(iterators)):
            it = iterators[i]
            if it is None:
                row.append(fillvalue)
                continue
            for value in it:
                row.append(value)
                break
            else:
                active -= 1
                if not active:
                    return
                iterators[i] = None
                row.append(fillvalue)
        yield tuple(row)


def tee(iterable, n=2):
    if n < 0:
        raise ValueError("n must be >= 0")
    it = iter(iterable)
    buffers = [[] for _ in range(n)]
    return tuple(_tee_branch(it, buffers, buffer) for buffer in buffers)


def _tee_branch(it, buffers, buffer):
    # Items one branch has not seen yet wait in its own buffer.
    while True:
        if not buffer:
            for value in it:
                for b in buffers:
                    b.append(value)
                break
            else:
                return
        yield buffer.pop(0)


class _Marker:
    pass


class groupby:
    """Groups share the underlying iterator: moving to the next group ends
    the current one, as in CPython."""

    def __init__(self, iterable, key=None):
        self._keyfunc = key
        self._it = iter(iterable)
        self._marker = _Marker()
        self._target = self._marker
        self._current_key = self._marker
        self._current_value = None
        self._group_id = None

    def __iter__(self):
        return self

    def _advance(self):
        self._current_value = next(self._it)
        value = self._current_value
        self._current_key = value if self._keyfunc is None else self._keyfunc(value)

    def __next__(self):
        self._group_id = _Marker()
        if self._current_key is self._marker:
            self._advance()
        elif self._target is not self._marker:
            while self._current_key == self._target:
                self._advance()
        self._target = self._current_key
        return self._target, self._grouper(self._target, self._group_id)

    def _grouper(self, target, group_id):
        while self._group_id is group_id and self._current_key == target:
            yield self._current_value
            for value in self._it:
                self._current_value = value
                self._current_key = value if self._keyfunc is None else self._keyfunc(value)
                break
            else:
                self._current_key = self._marker
                self._target = self._marker
                self._group_id = None
                return


def product(*iterables, repeat=1):
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _product(pools):
    for pool in pools:
        if not pool:
            return
    n = len(pools)
    indices = [0] * n
    yield tuple(pool[0] for pool in pools)
    while True:
        i = n - 1
        while i >= 0 and indices[i] == len(pools[i]) - 1:
            indices[i] = 0
            i -= 1
        if i < 0:
            return
        indices[i] += 1
        yield tuple(pools[k][indices[k]] for k in range(n))


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r < 0:
        raise ValueError("r must be non-negative")
    return _permutations(pool, r)


def _permutations(pool, r):
    if r > len(pool):
        return
    used = [False] * len(pool)
    chosen = []
    # An explicit stack of the next index to try at each depth, so the
    # items come in CPython's (lexicographic by position) order.
    next_index = [0]
    while next_index:
        depth = len(next_index) - 1
        if depth == r:
            yield tuple(pool[i] for i in chosen)
            next_index.pop()
            if chosen:
                used[chosen.pop()] = False
            continue
        i = next_index[depth]
        while i < len(pool) and used[i]:
            i += 1
        if i >= len(pool):
            next_index.pop()
            if chosen:
                used[chosen.pop()] = False
            continue
        next_index[depth] = i + 1
        used[i] = True
        chosen.append(i)
        next_index.append(0)


def combinations(iterable, r):
    pool = tuple(iterable)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations(pool, r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        i = r - 1
        while i >= 0 and indices[i] == i + n - r:
            i -= 1
        if i < 0:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations_with_replacement(pool, r)


def _combinations_with_replacement(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        i = r - 1
        while i >= 0 and indices[i] == n - 1:
            i -= 1
        if i < 0:
            return
        value = indices[i] + 1
        for j in range(i, r):
            indices[j] = value
        yield tuple(pool[i] for i in indices)
