"""abc: abstract base classes. A class deriving from ABC (or declared with
metaclass=ABCMeta) cannot be instantiated while an @abstractmethod is left
unoverridden (TypeError, as CPython words it); register() adds virtual
subclasses that isinstance and issubclass accept."""

import _parax


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return classmethod(funcobj)


def abstractstaticmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return staticmethod(funcobj)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    if fget is not None:
        fget.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


def _is_abstract(value):
    return getattr(value, "__isabstractmethod__", False) is True


def _abstract_names(cls):
    names = []
    for klass in cls.__mro__:
        for name, value in klass.__dict__.items():
            if name in names:
                continue
            if _is_abstract(value) and _is_abstract(getattr(cls, name, None)):
                names.append(name)
    return sorted(names)


class ABCMeta:
    """The metaclass of abstract classes (parax's metaclasses act on the
    classes they govern: calling them, isinstance, issubclass)."""

    def __call__(cls, *args, **kwargs):
        abstract = _abstract_names(cls)
        if abstract:
            raise TypeError("Can't instantiate abstract class %s with abstract method%s %s" %
                            (cls.__name__, "s" if len(abstract) > 1 else "", ", ".join(abstract)))
        return _parax.construct(cls, *args, **kwargs)

    def register(cls, subclass):
        registry = cls.__dict__.get("_abc_registry")
        if registry is None:
            registry = []
            setattr(cls, "_abc_registry", registry)
        if subclass not in registry:
            registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if subclass is cls:
            return True
        mro = getattr(subclass, "__mro__", None)
        if mro is not None and cls in mro:
            return True
        for klass in _registered(cls):
            if subclass is klass:
                return True
            try:
                if issubclass(subclass, klass):
                    return True
            except TypeError:
                pass
        # a registered class of a subclass of cls counts too
        for sub in _subclasses_of(cls):
            if sub is not cls and sub.__subclasscheck__(subclass):
                return True
        return False

    def _abc_registry_clear(cls):
        setattr(cls, "_abc_registry", [])


_known = []


def _registered(cls):
    reg = cls.__dict__.get("_abc_registry")
    return reg if reg is not None else []


def _subclasses_of(cls):
    return [c for c in _known if c is not cls and cls in c.__mro__[1:]]


class ABC(metaclass=ABCMeta):
    """Helper class: derive from it instead of writing metaclass=ABCMeta."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs):
        _known.append(cls)


def get_cache_token():
    return 0


def update_abstractmethods(cls):
    return cls
