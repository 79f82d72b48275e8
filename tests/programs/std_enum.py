import enum
from enum import Enum, IntEnum, Flag, IntFlag, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1

    def describe(self):
        return self.name.lower() + "!"


print(Color.RED, repr(Color.RED), f"{Color.GREEN}", Color.RED.name, Color.RED.value)
print(list(Color), len(Color), Color(2), Color["BLUE"], Color.CRIMSON is Color.RED)
print(Color.RED == Color.RED, Color.RED == Color.GREEN, Color.RED != 1, Color.RED == 1)
print(isinstance(Color.RED, Color), type(Color.BLUE).__name__, Color.BLUE.describe())
print(repr(Color), Color.__members__)
print([c.name for c in Color], {Color.RED: "r"}[Color.CRIMSON])
print(Color.RED in Color, hash(Color.RED) == hash(Color.CRIMSON))
try:
    Color(7)
except ValueError as e:
    print("ValueError:", e)
try:
    Color["PINK"]
except KeyError as e:
    print("KeyError:", e)
try:
    1 in Color
except TypeError as e:
    print("TypeError:", e)


class Step(Enum):
    FIRST = auto()
    SECOND = auto()
    THIRD = auto()


print([s.value for s in Step], Step.THIRD)


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.mass, round(Planet.EARTH.surface_gravity, 3), Planet.MERCURY.value)


class Level(IntEnum):
    LOW = 1
    MID = 2
    HIGH = 3


print(Level.MID, repr(Level.MID), f"{Level.HIGH}", Level.MID + 1, Level.LOW < Level.HIGH, Level.MID == 2)
print(sorted([Level.HIGH, Level.LOW]), Level.HIGH.value * 2, Level(3), Level.HIGH > 2)


class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()


rw = Perm.R | Perm.W
print([p.value for p in Perm], repr(rw), str(rw), Perm.R in rw, Perm.X in rw, bool(Perm.R & Perm.X))
print(repr(Perm(0)), str(Perm(0)), repr(rw & Perm.W), repr(~Perm.R), list(Perm))


class Mode(IntFlag):
    A = 1
    B = 2


print(Mode.A | Mode.B, repr(Mode.A | Mode.B), Mode.B.value)


class Shape(Enum):
    CIRCLE = "circle"
    SQUARE = "square"


print(Shape("circle"), Shape.SQUARE.value)
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print("ValueError:", e)


@unique
class Ok(Enum):
    A = 1
    B = 2


print(list(Ok))
lookup = {c.value: c for c in Color}
print(lookup)
