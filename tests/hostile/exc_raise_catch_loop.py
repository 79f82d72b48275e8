# hostile: exit=0 timeout=60
# hostile: expect=caught 50000
# hostile: expect=cycle cut True
# Raising and catching in a tight loop stays fast and flat (no growing
# handler stack, no chain of contexts); two exceptions raised while handling
# each other do not form a __context__ cycle.
caught = 0
for i in range(50000):
    try:
        try:
            raise ValueError(i)
        except ValueError:
            raise KeyError(i)
    except LookupError:
        caught += 1
print("caught", caught)

a = ValueError("a")
b = TypeError("b")
try:
    try:
        raise a
    except ValueError:
        raise b
except TypeError:
    pass
try:
    try:
        raise b
    except TypeError:
        raise a
except ValueError:
    pass
print("cycle cut", a.__context__ is b and b.__context__ is None)
