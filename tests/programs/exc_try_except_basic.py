# try/except/else/finally: typed, tuple, named and bare handlers, the first
# matching handler wins, nested try, bare re-raise, exception values.
def safe_div(a, b):
    try:
        q = a // b
    except ZeroDivisionError as e:
        print("div error:", e)
        return None
    else:
        print("no error", q)
        return q
    finally:
        print("done", a, b)


print(safe_div(7, 2), safe_div(1, 0))

for key in ["a", "z", 5]:
    d = {"a": 1}
    try:
        if key == 5:
            x = [1, 2][key]
        else:
            x = d[key]
        print("found", x)
    except KeyError as e:
        print("missing key", e, repr(e), e.args)
    except (IndexError, TypeError) as e:
        print("index problem:", type(e).__name__, e)

try:
    int("seven")
except Exception as e:
    print(type(e).__name__, "|", e)

try:
    undefined_thing + 1
except:
    print("bare except caught something")

try:
    try:
        [][0]
    except IndexError:
        print("inner handler, re-raising")
        raise
except LookupError as e:
    print("outer got", repr(e))

try:
    try:
        raise ValueError("first")
    except TypeError:
        print("not reached")
    finally:
        print("inner finally")
except ValueError as e:
    print("propagated", e)

e = ValueError("a", 2)
print(repr(e), str(e), e.args, len(e.args))
print(repr(ValueError()), repr(ValueError("x")), str(KeyError("k")), repr(KeyError("k")))
print(str(RuntimeError()) == "", repr(RuntimeError(3.5)))

try:
    raise TypeError
except TypeError as err:
    print("class raised:", repr(err), err.args)

caught = []
for exc in [ValueError("v"), KeyError("k"), ZeroDivisionError("z"), AssertionError("a")]:
    try:
        raise exc
    except ArithmeticError:
        caught.append("arith")
    except LookupError:
        caught.append("lookup")
    except Exception as e:
        caught.append(type(e).__name__)
print(caught)

try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("assertion:", e)

def check(n):
    try:
        return 100 // n
    except ZeroDivisionError:
        return -1
print([check(n) for n in [5, 0, -3]])

name = "outside"
try:
    raise ValueError("bound")
except ValueError as name:
    pass
try:
    print(name)
except NameError:
    print("`as` name is unbound after the handler")
