from abc import ABC, ABCMeta, abstractmethod
import numbers


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return "%s with area %.2f" % (type(self).__name__, self.area())


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s

    def perimeter(self):
        return 4 * self.s


class Half(Shape):
    def area(self):
        return 1.0


for cls in (Shape, Half):
    try:
        cls()
    except TypeError as e:
        print("TypeError:", e)
sq = Square(3)
print(sq.area(), sq.perimeter(), sq.describe(), isinstance(sq, Shape), issubclass(Square, Shape))


class Base(metaclass=ABCMeta):
    @abstractmethod
    def run(self, x):
        pass


class Impl(Base):
    def run(self, x):
        return x * 2


try:
    Base()
except TypeError as e:
    print("TypeError:", e)
print(Impl().run(21))


class Plain:
    pass


Base.register(Plain)
print(isinstance(Plain(), Base), issubclass(Plain, Base), isinstance(3, Base))
print(isinstance(3, numbers.Number), isinstance(3, numbers.Integral), isinstance(3, numbers.Real))
print(isinstance(2.5, numbers.Real), isinstance(2.5, numbers.Integral), isinstance(True, numbers.Integral))
print(isinstance("s", numbers.Number), isinstance([1], numbers.Number), isinstance(None, numbers.Real))
print(issubclass(int, numbers.Integral), issubclass(float, numbers.Rational), issubclass(float, numbers.Complex))


def scale(x):
    if not isinstance(x, numbers.Real):
        raise TypeError("need a real number")
    return x * 10


print(scale(2), scale(0.5))
try:
    scale("a")
except TypeError as e:
    print(e)


class WithProperty(ABC):
    @property
    @abstractmethod
    def size(self):
        ...


class Sized(WithProperty):
    @property
    def size(self):
        return 5


try:
    WithProperty()
except TypeError as e:
    print("TypeError:", e)
print(Sized().size)
