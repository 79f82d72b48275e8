# Classes: inheritance, super() (zero-argument and explicit, diamond MRO), properties,
# class/static methods, container/call/context-manager/in-place protocols, a jitted method.
import jax
import jax.numpy as jnp
from functools import partial


class Shape:
    sides = 0

    def __init__(self, name):
        self.name = name

    def area(self):
        return 0.0

    def describe(self):
        return f"{self.name} with {self.sides} sides and area {self.area():.2f}"

    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"


class Rect(Shape):
    sides = 4

    def __init__(self, w, h):
        super().__init__("rect")
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h

    @property
    def aspect(self):
        return self.w / self.h

    @aspect.setter
    def aspect(self, value):
        self.w = self.h * value

    @classmethod
    def square(cls, s):
        return cls(s, s)

    @staticmethod
    def unit():
        return "m^2"


class Square(Rect):
    def __init__(self, s):
        super(Square, self).__init__(s, s)
        self.name = "square"


r = Rect(2, 3)
print(r.describe(), r.aspect, Rect.unit(), r.unit())
r.aspect = 2
print(r.w, r.area())
s = Rect.square(3)
print(s, type(s).__name__, isinstance(s, Shape), issubclass(Rect, Shape), issubclass(Shape, Rect))
q = Square(5)
print(q, q.describe(), [c.__name__ for c in Square.__mro__])
print(repr(q), str(q), [q, r])


class A:
    def who(self):
        return "A"


class B(A):
    def who(self):
        return "B" + super().who()


class C(A):
    def who(self):
        return "C" + super().who()


class D(B, C):
    def who(self):
        return "D" + super().who()


print(D().who(), [k.__name__ for k in D.__mro__])


class Seq:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i >= self.n:
            return [][i]
        return i * i

    def __contains__(self, x):
        return x == 4

    def __call__(self, k):
        return self.n * k


sq = Seq(4)
print(len(sq), sq[2], 4 in sq, 5 in sq, sq(10), callable(sq), bool(Seq(0)))


class Model:
    def __init__(self, scale):
        self.scale = scale

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return x * self.scale

    def __hash__(self):
        return hash(self.scale)

    def __eq__(self, other):
        return isinstance(other, Model) and self.scale == other.scale


m = Model(3.0)
print(m.apply(jnp.arange(3.)))
f = jax.jit(m.apply)
print(jax.jit(lambda x: Model(2.0).scale * x)(jnp.ones(2)))


class Timer:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, *exc):
        self.log.append("exit")
        return False


t = Timer()
with t as tt:
    tt.log.append("body")
print(t.log)


class Acc:
    def __init__(self):
        self.total = 0

    def __iadd__(self, v):
        self.total += v
        return self


a = Acc()
a += 5
a += 6
print(a.total)
print(vars(r), hasattr(r, "w"), getattr(r, "zz", "none"))
setattr(r, "zz", 1)
print(r.zz)
del r.zz
print(hasattr(r, "zz"))
