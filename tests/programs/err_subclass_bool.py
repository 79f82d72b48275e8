# conform: error=TypeError line=6
# bool cannot be subclassed (CPython: "type 'bool' is not an acceptable
# base type"); int, str, dict ... can.


class Flag(bool):
    pass


print(Flag(1))
