# covers: generator functions, yield as expression, send, return value (StopIteration.value), close, throw, gi_running, re-entry, PEP 479, generators as methods and __iter__
def countdown(n):
    print("start", n)
    while n > 0:
        got = yield n
        if got is not None:
            print("sent", got)
            n = got
        else:
            n -= 1
    return "liftoff"


g = countdown(3)
print(type(g).__name__, g.__name__)
print(next(g), next(g))
print(g.send(5), next(g))
print(list(g))
try:
    next(g)
except StopIteration as e:
    print("exhausted", repr(e.value), e.args)

g = countdown(2)
print(list(g), list(g))


def returns_value():
    yield 1
    return {"total": 10}


r = returns_value()
print(next(r))
try:
    next(r)
except StopIteration as e:
    print("returned", e.value, e.args)


def echo():
    received = []
    try:
        while True:
            x = yield len(received)
            received.append(x)
    except GeneratorExit:
        print("closing with", received)
        raise
    finally:
        print("finally ran")


e = echo()
print(e.send(None), e.send("a"), e.send("b"))
e.close()
e.close()
print("closed twice fine")
try:
    next(e)
except StopIteration:
    print("closed generator is exhausted")


def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as err:
            print("caught", err)
            yield "recovered"
        except KeyError as err:
            print("key", err)
            return "key-ended"


c = catcher()
print(next(c))
print(c.throw(ValueError("bad value")))
print(next(c))
try:
    c.throw(KeyError("k"))
except StopIteration as s:
    print("throw ended it:", s.value)
try:
    c.throw(IndexError("after end"))
except IndexError as err:
    print("throw into finished:", err)

fresh = catcher()
try:
    fresh.throw(RuntimeError("before start"))
except RuntimeError as err:
    print("throw before start:", err)
print(list(fresh))


def running_check():
    yield gen_ref.gi_running


gen_ref = running_check()
print(gen_ref.gi_running, next(gen_ref), gen_ref.gi_running)


def reenter():
    yield next(me)


me = reenter()
try:
    next(me)
except ValueError as err:
    print("ValueError:", err)


def leaks_stop():
    yield 1
    next(iter([]))


try:
    list(leaks_stop())
except RuntimeError as err:
    print("RuntimeError:", err)


class Tree:
    def __init__(self, value, children=()):
        self.value = value
        self.children = list(children)

    def __iter__(self):
        yield self.value
        for child in self.children:
            yield from child

    def walk(self, depth=0):
        yield depth, self.value
        for child in self.children:
            yield from child.walk(depth + 1)


t = Tree(1, [Tree(2, [Tree(4)]), Tree(3)])
print(list(t), sum(t), max(t), 4 in t, 5 in t)
print(list(t.walk()))
print([v for d, v in t.walk() if d == 1])


class Squares:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return (i * i for i in range(self.n))


print(list(Squares(5)), sorted(Squares(4), reverse=True))


def empty():
    return
    yield


print(list(empty()), next(empty(), "default"))


def nested_try():
    try:
        try:
            yield 1
        finally:
            print("inner finally")
        yield 2
    finally:
        print("outer finally")


print(list(nested_try()))
n = nested_try()
print(next(n))
print(next(n))
n.close()
print("after close")


def with_locals(a, *rest, scale=2, **kw):
    total = a
    for r in rest:
        total += r
        yield total * scale
    yield sorted(kw.items())


print(list(with_locals(1, 2, 3, scale=10, z=1, y=2)))

lam = lambda: (yield 7)
lg = lam()
print(next(lg))
try:
    lg.send("lambda result")
except StopIteration as s:
    print("lambda generator returned", s.value)
