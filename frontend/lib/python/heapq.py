"""heapq: a binary min-heap kept in a list (heap[k] <= heap[2k+1] and
heap[2k+2]), as CPython's module keeps it, so programs that look at the
list see the same order."""


def _sift_up(heap, pos, start=0):
    # Move heap[pos] towards heap[start] while it is smaller than its parent.
    item = heap[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        if item < heap[parent]:
            heap[pos] = heap[parent]
            pos = parent
        else:
            break
    heap[pos] = item


def _sift_down(heap, pos):
    # CPython's variant: walk the smaller child down to a leaf, then sift
    # the item back up (fewer comparisons; it decides the list's order).
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_up(heap, pos, start)


def heappush(heap, item):
    heap.append(item)
    _sift_up(heap, len(heap) - 1)


def heappop(heap):
    last = heap.pop()
    if not heap:
        return last
    top = heap[0]
    heap[0] = last
    _sift_down(heap, 0)
    return top


def heapreplace(heap, item):
    top = heap[0]
    heap[0] = item
    _sift_down(heap, 0)
    return top


def heappushpop(heap, item):
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_down(heap, 0)
    return item


def heapify(x):
    for pos in reversed(range(len(x) // 2)):
        _sift_down(x, pos)


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    return sorted(iterable, key=key, reverse=True)[:n]


def merge(*iterables, key=None, reverse=False):
    items = []
    for it in iterables:
        items.extend(it)
    return iter(sorted(items, key=key, reverse=reverse))
