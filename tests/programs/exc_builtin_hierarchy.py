# Python's built-in exception hierarchy and JAX's error classes as values:
# issubclass, isinstance, type(e), __name__, catching errors that the
# language and the libraries raise by their base classes.
import jax

pairs = [
    (ZeroDivisionError, ArithmeticError), (OverflowError, ArithmeticError),
    (IndexError, LookupError), (KeyError, LookupError), (KeyError, IndexError),
    (NotImplementedError, RuntimeError), (RecursionError, RuntimeError),
    (UnboundLocalError, NameError), (ModuleNotFoundError, ImportError),
    (FileNotFoundError, OSError), (StopIteration, Exception),
    (KeyboardInterrupt, Exception), (KeyboardInterrupt, BaseException),
    (Exception, BaseException), (ValueError, ValueError), (TypeError, ValueError),
    (AssertionError, Exception), (MemoryError, Exception),
]
print([issubclass(a, b) for a, b in pairs])
print(issubclass(ValueError, (TypeError, Exception)), issubclass(bool, int))

print(ValueError, jax.errors.ConcretizationTypeError, ValueError.__name__)
print(jax.errors.TracerBoolConversionError.__name__)
jax_pairs = [
    (jax.errors.ConcretizationTypeError, TypeError),
    (jax.errors.TracerBoolConversionError, jax.errors.ConcretizationTypeError),
    (jax.errors.TracerBoolConversionError, TypeError),
    (jax.errors.TracerArrayConversionError, TypeError),
    (jax.errors.TracerIntegerConversionError, TypeError),
    (jax.errors.UnexpectedTracerError, Exception),
    (jax.errors.NonConcreteBooleanIndexError, IndexError),
    (jax.errors.ConcretizationTypeError, ValueError),
]
print([issubclass(a, b) for a, b in jax_pairs])
print(isinstance(ValueError, type), isinstance(ValueError("x"), type))

e = KeyError("k")
print(isinstance(e, KeyError), isinstance(e, LookupError), isinstance(e, Exception),
      isinstance(e, (TypeError, IndexError)), isinstance(e, ValueError))
print(type(e).__name__, type(e) is KeyError)


def unbound():
    print(v)
    v = 1


def fails(kind):
    if kind == 0:
        return [1, 2, 3][10]
    if kind == 1:
        return {"a": 1}["b"]
    if kind == 2:
        return 1 / 0
    if kind == 3:
        return unbound()
    if kind == 4:
        return int("nope")
    if kind == 5:
        return len(5)
    if kind == 6:
        return (1).nothing
    if kind == 7:
        import no_such_module_here
    return 2 ** 10000.0


for kind in range(9):
    try:
        fails(kind)
    except LookupError as e:
        print(kind, "LookupError", type(e).__name__)
    except ArithmeticError as e:
        print(kind, "ArithmeticError", type(e).__name__)
    except NameError as e:
        print(kind, "NameError", type(e).__name__)
    except ImportError as e:
        print(kind, "ImportError", type(e).__name__)
    except Exception as e:
        print(kind, "Exception", type(e).__name__)
