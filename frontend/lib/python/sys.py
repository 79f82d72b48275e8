"""sys, the part written in parax's Python: version_info and float_info
(argv, exit, the streams and the limits are native: frontend/lib/SysModule.cpp)."""


class _StructSeq:
    """A named tuple with CPython's repr: sys.version_info(major=3, ...)."""

    def __init__(self, name, fields, values):
        self._name = name
        self._fields = fields
        self._values = tuple(values)
        for f, v in zip(fields, values):
            setattr(self, f, v)

    def __repr__(self):
        return self._name + "(" + ", ".join(
            f + "=" + repr(v) for f, v in zip(self._fields, self._values)) + ")"

    def __len__(self):
        return len(self._values)

    def __getitem__(self, i):
        return self._values[i]

    def __iter__(self):
        return iter(self._values)

    def __hash__(self):
        return hash(self._values)

    def __eq__(self, other):
        return self._values == tuple(other) if isinstance(other, (tuple, _StructSeq)) else False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __lt__(self, other):
        return self._values < tuple(other)

    def __le__(self, other):
        return self._values <= tuple(other)

    def __gt__(self, other):
        return self._values > tuple(other)

    def __ge__(self, other):
        return self._values >= tuple(other)


version_info = _StructSeq("sys.version_info", ("major", "minor", "micro", "releaselevel", "serial"),
                          (3, 11, 7, "final", 0))
version = "3.11.7 (parax)"
hexversion = 0x030B07F0
api_version = 1013
float_info = _StructSeq(
    "sys.float_info",
    ("max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig",
     "epsilon", "radix", "rounds"),
    (1.7976931348623157e+308, 1024, 308, 2.2250738585072014e-308, -1021, -307, 15, 53,
     2.220446049250313e-16, 2, 1))
int_info = _StructSeq("sys.int_info", ("bits_per_digit", "sizeof_digit", "default_max_str_digits",
                                        "str_digits_check_threshold"), (30, 4, 4300, 640))
