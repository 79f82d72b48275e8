# Mixed-in enums (class Color(str, Enum), class N(int, Enum)) whose members
# are str/int values, and list/tuple/int/float subclasses handed to jnp,
# numpy and math, which take them as the builtin values they are.
import enum
import json
import math

import jax.numpy as jnp
import numpy as np


class Color(str, enum.Enum):
    RED = "r"
    GREEN = "g"


print(Color.RED, repr(Color.RED), f"{Color.RED}", Color.RED.value, Color("g"))
print(Color.RED == "r", isinstance(Color.RED, str), Color.RED.upper(), Color.RED + "x")
print(hash(Color.RED) == hash("r"), {Color.RED: 1}["r"], json.dumps({"c": Color.RED}), list(Color))


class Level(int, enum.Enum):
    LOW = 1
    HIGH = 3


print(Level.HIGH, repr(Level.LOW), Level.HIGH + 1, Level.LOW * 3, isinstance(Level.LOW, int))
print([10, 20, 30][Level.LOW], Level.LOW < Level.HIGH, sorted([Level.HIGH, Level.LOW]), Level(3))


class L(list):
    pass


class T(tuple):
    pass


class I(int):
    pass


class F(float):
    pass


print(jnp.array(L([1.0, 2.0])), np.array(L([1, 2])), jnp.sum(jnp.asarray(L([3, 4]))))
print(jnp.zeros(T((2, 3))).shape, jnp.ones(I(3)), jnp.array([F(1.5), 2.0]))
print(range(I(3)), [1, 2, 3][I(1):], "abc" * I(2), jnp.float32(F(1.5)), jnp.array(F(2.5)) * 2)
print(math.sqrt(F(4.0)), math.floor(F(2.7)), round(F(2.567), 2), math.isclose(F(1.0), 1.0))
print(max(F(1.0), 2), sum([I(1), I(2)]), divmod(I(7), 2), abs(I(-3)), int(F(3.9)), float(I(2)))
