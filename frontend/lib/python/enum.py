"""enum: Enum, IntEnum, Flag, IntFlag, StrEnum, auto, unique - members,
.name/.value, iteration, lookup by value and name, aliases, Flag
combinations, printed as CPython 3.11 prints them. EnumType is the
metaclass (its methods act on the enum classes); members are made when a
subclass is defined (Enum.__init_subclass__)."""

import _parax


class auto:
    """Stands for the next value: 1, 2, 3 ... (Flag: 1, 2, 4 ...)."""

    def __init__(self):
        self.value = None

    def __repr__(self):
        return "auto()"


def _is_descriptor(value):
    if isinstance(value, (tuple, list, dict, str, int, float)):
        return False
    if callable(value):
        return True
    r = repr(value)
    return r.startswith("<property") or r.startswith("<classmethod") or \
        r.startswith("<staticmethod")


class EnumType:
    def __iter__(cls):
        return iter([cls._member_map_[n] for n in cls._member_names_])

    def __reversed__(cls):
        return iter([cls._member_map_[n] for n in reversed(cls._member_names_)])

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and 'EnumType'" %
                            type(member).__name__)
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __repr__(cls):
        return "<enum %r>" % cls.__name__

    def __bool__(cls):
        return True

    @property
    def __members__(cls):
        return dict(cls._member_map_)

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1):
        if names is not None:
            raise NotImplementedError("parax does not support Enum's functional API "
                                      "(Enum('Name', ...)); define a class")
        if isinstance(value, cls):
            return value
        members = cls.__dict__.get("_value2member_map_")
        if members is None:
            raise TypeError("%s() takes no arguments" % cls.__name__)
        try:
            return members[value]
        except (KeyError, TypeError):
            pass
        missing = cls._missing_(value)
        if missing is not None:
            return missing
        raise ValueError("%r is not a valid %s" % (value, cls.__name__))


EnumMeta = EnumType


_DATA_TYPES = {"str": str, "int": int, "float": float}


def _data_type(cls):
    """The builtin type an enum class mixes in (str, int, float), or None."""
    for klass in cls.__mro__:
        if klass.__module__ == "builtins" and klass.__name__ in _DATA_TYPES and klass is not object:
            return _DATA_TYPES[klass.__name__]
    return None


class Enum(metaclass=EnumType):
    """A class whose attributes are its members."""

    def __init_subclass__(cls, **kwargs):
        # class Color(str, Enum): members are str values too (made by the
        # data type's __new__), but repr/str/format stay Enum's, as in CPython.
        data_type = _data_type(cls)
        if data_type is not None:
            for name in ("__repr__", "__str__", "__format__"):
                if name in cls.__dict__:
                    continue
                for klass in cls.__mro__:
                    if name in klass.__dict__:
                        if klass.__module__ == "builtins":
                            for enum_class in cls.__mro__:
                                if enum_class.__module__ == "enum" and name in enum_class.__dict__:
                                    setattr(cls, name, enum_class.__dict__[name])
                                    break
                        break
        members = [(k, v) for k, v in cls.__dict__.items()
                   if not k.startswith("_") and not _is_descriptor(v)]
        names = []
        member_map = {}
        value_map = {}
        last = []
        for name, value in members:
            if isinstance(value, auto):
                value = cls._generate_next_value_(name, 1, len(last), list(last))
            if value in value_map:  # an alias of an earlier member
                member_map[name] = value_map[value]
                setattr(cls, name, value_map[value])
                continue
            if data_type is not None:
                args = value if isinstance(value, tuple) else (value,)
                member = data_type.__new__(cls, *args)
            else:
                member = _parax.new_instance(cls)
            _parax.set_own_attr(member, "_name_", name)
            _parax.set_own_attr(member, "_value_", value)
            init = cls.__dict__.get("__init__")
            if init is not None:
                init(member, *(value if isinstance(value, tuple) else (value,)))
            names.append(name)
            member_map[name] = member
            value_map[value] = member
            last.append(value)
            setattr(cls, name, member)
        setattr(cls, "_member_names_", names)
        setattr(cls, "_member_map_", member_map)
        setattr(cls, "_value2member_map_", value_map)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            if isinstance(v, int):
                return v + 1
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        return "<%s.%s: %r>" % (type(self).__name__, self._name_, self._value_)

    def __str__(self):
        return "%s.%s" % (type(self).__name__, self._name_)

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return (type(self), (self._value_,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class ReprEnum(Enum):
    """str() and format() are the value's."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)


def _v(x):
    return x._value_ if isinstance(x, Enum) else x


class _IntOps:
    """What makes an IntEnum member act as its int value."""

    def __int__(self):
        return int(self._value_)

    def __index__(self):
        return int(self._value_)

    def __float__(self):
        return float(self._value_)

    def __eq__(self, other):
        return self._value_ == (other._value_ if isinstance(other, Enum) else other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._value_)

    def __lt__(self, other):
        return self._value_ < _v(other)

    def __le__(self, other):
        return self._value_ <= _v(other)

    def __gt__(self, other):
        return self._value_ > _v(other)

    def __ge__(self, other):
        return self._value_ >= _v(other)

    def __add__(self, other):
        return self._value_ + other

    def __radd__(self, other):
        return other + self._value_

    def __sub__(self, other):
        return self._value_ - other

    def __rsub__(self, other):
        return other - self._value_

    def __mul__(self, other):
        return self._value_ * other

    def __rmul__(self, other):
        return other * self._value_

    def __truediv__(self, other):
        return self._value_ / other

    def __floordiv__(self, other):
        return self._value_ // other

    def __mod__(self, other):
        return self._value_ % other

    def __neg__(self):
        return -self._value_

    def __bool__(self):
        return bool(self._value_)


class IntEnum(_IntOps, ReprEnum):
    pass


class StrEnum(ReprEnum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    def __eq__(self, other):
        return self._value_ == (other._value_ if isinstance(other, Enum) else other)

    def __hash__(self):
        return hash(self._value_)

    def __add__(self, other):
        return self._value_ + other

    def __radd__(self, other):
        return other + self._value_


class Flag(Enum):
    """Members combine with | & ^ ~; a combination is a member too."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        high = 0
        for v in last_values:
            if isinstance(v, int) and v > high:
                high = v
        if not last_values:
            return 1
        bit = 1
        while bit <= high:
            bit *= 2
        return bit

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            return None
        all_bits = 0
        for n in cls._member_names_:
            all_bits |= cls._member_map_[n]._value_
        if value < 0 or value & ~all_bits:
            return None
        parts = [n for n in cls._member_names_
                 if cls._member_map_[n]._value_ and
                 cls._member_map_[n]._value_ & value == cls._member_map_[n]._value_]
        member = _parax.new_instance(cls)
        _parax.set_own_attr(member, "_name_", "|".join(parts) if parts else None)
        _parax.set_own_attr(member, "_value_", value)
        cls._value2member_map_[value] = member
        return member

    def __repr__(self):
        if self._name_ is None:
            return "<%s: %r>" % (type(self).__name__, self._value_)
        return "<%s.%s: %r>" % (type(self).__name__, self._name_, self._value_)

    def __str__(self):
        if self._name_ is None:
            return "%s(%r)" % (type(self).__name__, self._value_)
        return "%s.%s" % (type(self).__name__, self._name_)

    def __contains__(self, other):
        if not isinstance(other, type(self)):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'" %
                            (type(other).__name__, type(self).__name__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return iter([type(self)._member_map_[n] for n in type(self)._member_names_
                     if type(self)._member_map_[n]._value_ and
                     type(self)._member_map_[n]._value_ & self._value_ ==
                     type(self)._member_map_[n]._value_])

    def __len__(self):
        return len(list(self.__iter__()))

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        return type(self)(self._value_ | other._value_)

    def __and__(self, other):
        return type(self)(self._value_ & other._value_)

    def __xor__(self, other):
        return type(self)(self._value_ ^ other._value_)

    def __invert__(self):
        all_bits = 0
        for n in type(self)._member_names_:
            all_bits |= type(self)._member_map_[n]._value_
        return type(self)(all_bits & ~self._value_)


class IntFlag(_IntOps, Flag):
    def __str__(self):
        return str(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)

    def __or__(self, other):
        return type(self)(self._value_ | _v(other))

    def __and__(self, other):
        return type(self)(self._value_ & _v(other))


def unique(enumeration):
    duplicates = [(name, m.name) for name, m in enumeration.__members__.items()
                  if name != m.name]
    if duplicates:
        raise ValueError("duplicate values found in %r: %s" % (
            enumeration, ", ".join("%s -> %s" % d for d in duplicates)))
    return enumeration
