# covers: functools.wraps/update_wrapper copy __name__, __qualname__, __doc__ and function attributes; setattr on functions; a def's docstring as __doc__; f.__dict__
import functools
def f(x):
    "doc"
    return x
def g(*a): return f(*a)
g.__name__ = "renamed"
print(g.__name__)
h = functools.update_wrapper(lambda *a: f(*a), f)
print(h.__name__, h.__doc__, h.__wrapped__ is f)
def deco(fn):
    @functools.wraps(fn)
    def inner(*a, **k):
        return fn(*a, **k) * 2
    return inner
@deco
def area(r):
    """Area of a circle."""
    return 3 * r
area.extra = 1
@deco
def other(x):
    return x
print(area.__name__, area.__qualname__, area.__doc__, area(2), other.__name__, area.__wrapped__.__name__)
def marked(x): return x
marked.tag = "t"
w2 = functools.wraps(marked)(lambda x: x)
print(w2.__name__, getattr(w2, "tag", "no tag"))
class C:
    @deco
    def m(self, v):
        "method doc"
        return v
print(C().m(4), C.m.__name__, C.m.__qualname__, C.m.__doc__)
g = lambda x: x
setattr(g, "__name__", "zz")
print(g.__name__)
print(getattr(f, "__module__"), getattr(f, "__qualname__"))
try:
    print(f.__dict__)
except Exception as e:
    print("dict err", type(e).__name__, e)
