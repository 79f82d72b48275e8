"""numbers: the numeric abstract base classes; int and float are
registered (isinstance(3, numbers.Integral), isinstance(2.5, numbers.Real))."""

from abc import ABC, abstractmethod


class Number(ABC):
    __slots__ = ()
    __hash__ = None


class Complex(Number):
    __slots__ = ()


class Real(Complex):
    __slots__ = ()


class Rational(Real):
    __slots__ = ()


class Integral(Rational):
    __slots__ = ()


Real.register(float)
Integral.register(int)
