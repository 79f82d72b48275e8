# covers: yield from delegation (values, send, throw, close, return value), recursive generators, yield from non-generator iterables and iterator classes
def inner(tag):
    received = []
    try:
        while len(received) < 3:
            x = yield f"{tag}:{len(received)}"
            received.append(x)
    except ValueError as e:
        print("inner caught", e)
        return ("inner-thrown", received)
    finally:
        print("inner finally", tag)
    return ("inner-done", received)


def outer():
    result = yield from inner("a")
    print("outer got", result)
    result2 = yield from inner("b")
    print("outer got", result2)
    return "outer-done"


o = outer()
print(next(o))
print(o.send(1), o.send(2))
print(o.send(3))
try:
    o.throw(ValueError("stop b"))
except StopIteration as e:
    print("outer returned", e.value)

o2 = outer()
next(o2)
o2.close()
print("closed through delegation")


def flatten(x):
    if isinstance(x, (list, tuple)):
        for item in x:
            yield from flatten(item)
    else:
        yield x


print(list(flatten([1, [2, [3, (4, 5)], []], [[6]]])))


def depth_first(n):
    if n == 0:
        return 0
    total = yield from depth_first(n - 1)
    yield n
    return total + n


d = depth_first(60)
print(sum(d))
gen = depth_first(5)
values = []
while True:
    try:
        values.append(next(gen))
    except StopIteration as e:
        print(values, "total", e.value)
        break


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def mixed():
    yield from [1, 2]
    yield from (3, 4)
    yield from range(5, 7)
    yield from "ab"
    yield from {"k1": 1, "k2": 2}
    yield from Countdown(3)
    yield from iter([9])
    yield from (x * 10 for x in range(2))


print(list(mixed()))


def relay():
    while True:
        value = yield from accumulate_until_none()
        print("relay got total", value)
        if value > 10:
            return value


def accumulate_until_none():
    total = 0
    while True:
        x = yield total
        if x is None:
            return total
        total += x


r = relay()
print(next(r), r.send(4), r.send(5), r.send(None))
print(r.send(20))
try:
    r.send(None)
except StopIteration as e:
    print("relay finished with", e.value)


def gen_exit_propagates():
    try:
        yield from inner("c")
    except GeneratorExit:
        print("outer saw GeneratorExit")
        raise


g = gen_exit_propagates()
next(g)
g.close()


def chain_of(n):
    if n:
        yield from chain_of(n - 1)
    yield n


print(list(chain_of(300))[-3:], len(list(chain_of(300))))
