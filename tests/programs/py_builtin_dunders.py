# covers: a builtin value's dunder methods called by name ((2.5).__round__(1), [1].__len__(), 'a'.__add__('b')), float.conjugate
print((2.567).__round__(2), (3).__add__(4), [1,2].__len__(), "ab".__add__("c"), (7).__round__())
print({1:2}.__contains__(1), (1.5).__mul__(2), True.__and__(False), {1,2}.__or__({3}))
print((2.5).conjugate(), (-3.0).__abs__(), (5).__neg__(), "x".__eq__("x"), (3).__lt__(4))
print([3,1].__getitem__(0), (1,2).__hash__() == hash((1,2)))
try:
    (1.0).__foo__
except AttributeError as e:
    print(e)
print((10).__floordiv__(3), (2).__pow__(10), (7.5).__mod__(2), "ab".__mul__(3), [1].__add__([2]))
print((3).__radd__(1), (2.0).__rsub__(5), (-4).__abs__(), (3.7).__int__(), (3).__float__())
print({1: 2}.__len__(), "abc".__getitem__(1), (1, 2, 3).__contains__(2), {1, 2}.__and__({2}))
