# covers: contextlib.contextmanager (exceptions thrown into the generator, suppression, re-raise, decorator use), suppress, nullcontext, closing, ExitStack (callbacks, enter_context, suppression, replacement, pop_all), the with protocol for classes
import contextlib
from contextlib import contextmanager, suppress, nullcontext, ExitStack, closing

log = []


@contextmanager
def managed(name, swallow=()):
    log.append(f"enter {name}")
    try:
        yield name.upper()
    except swallow as e:
        log.append(f"swallowed {type(e).__name__}: {e}")
    except Exception as e:
        log.append(f"saw {type(e).__name__} and re-raised")
        raise
    else:
        log.append(f"clean exit {name}")
    finally:
        log.append(f"finally {name}")


with managed("a") as v:
    log.append(f"body {v}")
print(log)
log.clear()

with managed("b", swallow=(KeyError,)):
    {}["missing"]
    log.append("not reached")
print(log)
log.clear()

try:
    with managed("c", swallow=(KeyError,)):
        raise ValueError("nope")
except ValueError as e:
    log.append(f"outside caught {e}")
print(log)
log.clear()


@contextmanager
def transform():
    try:
        yield
    except ZeroDivisionError as e:
        raise ArithmeticError("converted") from e


try:
    with transform():
        1 / 0
except ArithmeticError as e:
    print("converted:", e, type(e.__cause__).__name__)


@contextmanager
def no_yield():
    if False:
        yield


try:
    with no_yield():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)


@contextmanager
def two_yields():
    yield 1
    yield 2


try:
    with two_yields():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)


@managed("decorated")
def work(x):
    log.append(f"work {x}")
    return x * 2


print(work(3), work(4))
print(log)
log.clear()

with suppress(KeyError, IndexError):
    [][0]
print("suppressed IndexError")
with suppress():
    pass
try:
    with suppress(KeyError):
        raise TypeError("not suppressed")
except TypeError as e:
    print("TypeError:", e)
with suppress(LookupError):
    {}["subclass"]
print("suppressed a subclass")

with nullcontext() as nothing:
    print("nullcontext", nothing)
with nullcontext([1, 2]) as value:
    print("nullcontext", value)


class Resource:
    def __init__(self, name):
        self.name = name

    def close(self):
        print("closed", self.name)


with closing(Resource("db")) as r:
    print("using", r.name)

with ExitStack() as stack:
    for n in ["x", "y", "z"]:
        print("entered", stack.enter_context(managed(n)))
    stack.callback(print, "callback", "ran", sep="-")
    log.append("body")
print(log)
log.clear()

with ExitStack() as stack:
    stack.enter_context(managed("outer-swallows", swallow=(ValueError,)))
    stack.enter_context(managed("inner"))
    raise ValueError("from body")
print("after stack:", log)
log.clear()


def replacing_exit(exc_type, exc, tb):
    print("replacing", exc_type.__name__)
    raise KeyError("replacement")


try:
    with ExitStack() as stack:
        stack.push(replacing_exit)
        raise IndexError("original")
except KeyError as e:
    print("got", repr(e))

with ExitStack() as stack:
    stack.callback(print, "will be moved")
    moved = stack.pop_all()
print("stack exited without running the callback")
moved.close()


class Tracked:
    depth = 0

    def __enter__(self):
        Tracked.depth += 1
        return Tracked.depth

    def __exit__(self, exc_type, exc, tb):
        print("exit", Tracked.depth, exc_type.__name__ if exc_type else None, exc)
        Tracked.depth -= 1
        return exc_type is KeyError


with Tracked() as d1, Tracked() as d2:
    print("depths", d1, d2)
with Tracked():
    raise KeyError("swallowed by __exit__")
try:
    with Tracked():
        raise ValueError("passes through")
except ValueError as e:
    print("ValueError:", e)


@contextmanager
def numbered():
    for i in range(1):
        yield i


with numbered() as i, managed("pair") as p:
    print(i, p)
print(log)
