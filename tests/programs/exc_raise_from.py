# raise ... from: __cause__, __context__, __suppress_context__, from None;
# raising a class; exception values stored and compared.
def parse(text):
    try:
        return int(text)
    except ValueError as e:
        raise RuntimeError(f"cannot parse {text!r}") from e


for t in ["12", "x"]:
    try:
        print(parse(t))
    except RuntimeError as e:
        print(e, "| cause:", type(e.__cause__).__name__, e.__cause__)
        print(e.__suppress_context__, e.__context__ is e.__cause__)

try:
    try:
        {}["a"]
    except KeyError:
        raise ValueError("hidden context") from None
except ValueError as e:
    print(e.__cause__, e.__suppress_context__, type(e.__context__).__name__)

try:
    try:
        [].pop
        raise IndexError("one")
    except IndexError:
        raise TypeError("two")
except TypeError as e:
    print(repr(e), repr(e.__context__), e.__cause__)

try:
    raise ValueError("x") from KeyError
except ValueError as e:
    print(repr(e.__cause__))

errors = []
for i in range(3):
    try:
        raise ValueError(i)
    except ValueError as e:
        errors.append(e)
print([repr(e) for e in errors], [e.args[0] for e in errors])
first = errors[0]
try:
    raise first
except ValueError as again:
    print(again is first)
print(type(errors[1]) is ValueError, type(errors[1]) == ValueError)
