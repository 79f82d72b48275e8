"""copy: shallow and deep copies as CPython's copy module makes them:
__copy__/__deepcopy__ when a class defines them, the memo shared by one
deepcopy (shared and cyclic structure stays shared), instances copied
without calling __init__."""

import _parax


class Error(Exception):
    pass


error = Error

_ATOMIC = ("NoneType", "bool", "int", "float", "str", "type", "range", "function",
           "builtin_function_or_method", "module", "method", "dtype", "ellipsis",
           "staticmethod", "classmethod", "property", "NotImplementedType")


def _is_atomic(x):
    if isinstance(x, (bool, int, float, str, bytes)) or x is None:
        return True
    try:
        name = type(x).__name__
    except AttributeError:
        name = "builtin_function_or_method"
    if name in _ATOMIC:
        return True
    # classes (and exception classes) are copied as themselves
    return hasattr(x, "__mro__")


def _instance_copy(x, deep, memo):
    cls = x.__class__
    if isinstance(x, bytearray):
        return cls(x)
    if hasattr(cls, "_fields"):  # a namedtuple: its fields are its state
        values = [deepcopy(v, memo) if deep else v for v in x]
        return cls(*values)
    y = _parax.new_instance(cls)
    if deep:
        memo[_parax.id(x)] = y
    for k, v in x.__dict__.items():
        _parax.set_own_attr(y, k, deepcopy(v, memo) if deep else v)
    return y


_BUILTINS = (dict, list, tuple, set, frozenset, str, int, float)


def _is_builtin_subclass(x):
    return isinstance(x, _BUILTINS) and type(x) not in _BUILTINS and not _is_atomic(x)


def _subclass_copy(x, deep, memo):
    """A copy of an instance of a builtin's subclass, made as CPython's
    __reduce_ex__ makes it: cls.__new__ (with the value, for the immutable
    types), the instance dict, then the items through y[k] = v / append."""
    cls = type(x)
    if isinstance(x, tuple):
        y = cls.__new__(cls, tuple(deepcopy(v, memo) for v in x) if deep else tuple(x))
    elif isinstance(x, (str, int, float, frozenset)):
        base = [t for t in (str, int, float, frozenset) if isinstance(x, t)][0]
        y = cls.__new__(cls, base(x))
    else:
        y = cls.__new__(cls)
    if deep:
        memo[_parax.id(x)] = y
    for k, v in x.__dict__.items():
        _parax.set_own_attr(y, k, deepcopy(v, memo) if deep else v)
    if isinstance(x, dict):
        for k, v in dict.items(x):
            y[deepcopy(k, memo) if deep else k] = deepcopy(v, memo) if deep else v
    elif isinstance(x, list):
        for v in list.__iter__(x):
            y.append(deepcopy(v, memo) if deep else v)
    elif isinstance(x, set):
        for v in set.__iter__(x):
            y.add(deepcopy(v, memo) if deep else v)
    return y


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def copy(x):
    cls = type(x)
    if _is_namedtuple(x):
        return _instance_copy(x, False, None)
    copier = getattr(x, "__copy__", None) if _is_builtin_subclass(x) else None
    if copier is not None:
        return copier()
    if _is_builtin_subclass(x):
        return _subclass_copy(x, False, None)
    if isinstance(x, list):
        return list(x)
    if isinstance(x, dict):
        return dict(x)
    if isinstance(x, tuple) or type(x).__name__ == "frozenset" or _is_atomic(x):
        return x
    copier = getattr(x, "__copy__", None)
    if copier is not None:
        return copier()
    if type(x).__name__ == "set":
        return x.copy()
    if hasattr(x, "__dict__") and hasattr(x, "__class__"):
        return _instance_copy(x, False, None)
    if hasattr(x, "copy"):
        return x.copy()  # arrays
    raise Error("un(shallow)copyable object of type " + cls.__name__)


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    if _is_atomic(x):
        return x
    key = _parax.id(x)
    if key in memo:
        return memo[key]
    if _is_namedtuple(x):
        y = _instance_copy(x, True, memo)
    elif _is_builtin_subclass(x):
        if hasattr(x, "__deepcopy__"):
            y = x.__deepcopy__(memo)
        else:
            y = _subclass_copy(x, True, memo)
    elif isinstance(x, list):
        y = []
        memo[key] = y
        for item in x:
            y.append(deepcopy(item, memo))
    elif isinstance(x, dict):
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif isinstance(x, tuple):
        items = [deepcopy(item, memo) for item in x]
        if key in memo:  # the tuple was reached through its own items
            return memo[key]
        same = all(a is b for a, b in zip(items, x))
        y = x if same else tuple(items)
    elif hasattr(x, "__deepcopy__"):
        y = x.__deepcopy__(memo)
    elif type(x).__name__ in ("set", "frozenset"):
        y = type(x)(deepcopy(item, memo) for item in x)
    elif hasattr(x, "__dict__") and hasattr(x, "__class__"):
        y = _instance_copy(x, True, memo)
    elif hasattr(x, "copy"):
        y = x.copy()  # arrays
    else:
        raise Error("un(deep)copyable object of type " + type(x).__name__)
    if y is not x:
        memo[key] = y
        # keep x alive while the memo is, as CPython does
        memo.setdefault(_parax.id(memo), []).append(x)
    return y


def replace(obj, **changes):
    if hasattr(obj, "_replace"):
        return obj._replace(**changes)
    if hasattr(obj, "__replace__"):
        return obj.__replace__(**changes)
    raise TypeError("replace() does not support " + type(obj).__name__ + " objects")
