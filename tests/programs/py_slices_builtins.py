# slice objects and the object/number builtins: slice(), .indices(),
# slices as subscripts, chr, ord, hex, bin, oct, ascii, pow with a modulus,
# id, delattr, dir, and classes used as set members and dict keys.
s = slice(1, 5, 2)
print(s, s.start, s.stop, s.step, slice(3), slice(None, None, -1), slice(2, 8))
print(s.indices(10), slice(3).indices(2), slice(None, None, -1).indices(5), slice(-3, None).indices(4))
print(slice(-100, 100, 3).indices(10), slice(10, -10, -2).indices(6), slice(0, 0).indices(0))
xs = list(range(10))
print(xs[s], "abcdefgh"[slice(None, None, 2)], (1, 2, 3, 4)[slice(-2, None)], xs[slice(8, 2, -3)])
print(isinstance(s, slice), type(s).__name__, s == slice(1, 5, 2), repr(slice(1, None)))
try:
    slice(1, 2, 0).indices(3)
except ValueError as e:
    print("ValueError", e)
try:
    hash(slice(1, 2))
except TypeError as e:
    print("TypeError", e)

print(chr(65), chr(0x263A), chr(233), ord("A"), ord("é"), ord("😀"), ord(chr(1000)))
print(hex(255), hex(-1), bin(10), bin(0), oct(64), oct(-9), hex(True))
print(ascii("héllo wörld"), ascii([1, "ü"]), ascii("plain"), ascii("😀"))
print(pow(2, 10), pow(2, 10, 1000), pow(7, -1, 11), pow(-3, 3, 5), pow(2, 0, 7), pow(2.0, 3), pow(4, 0.5))
try:
    chr(-1)
except ValueError as e:
    print("ValueError", e)
try:
    ord("ab")
except TypeError as e:
    print("TypeError", e)
try:
    pow(2, 3.0, 5)
except TypeError as e:
    print("TypeError", e)


class P:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __eq__(self, other):
        return isinstance(other, P) and (self.x, self.y) == (other.x, other.y)

    def __hash__(self):
        return hash((self.x, self.y))

    def __repr__(self):
        return f"P({self.x}, {self.y})"


pts = {P(1, 2), P(1, 2), P(3, 4)}
print(len(pts), P(1, 2) in pts, P(9, 9) in pts, sorted(pts, key=lambda p: p.x))
d = {P(0, 0): "origin", P(1, 1): "diag"}
print(d[P(1, 1)], P(0, 0) in d, d.get(P(5, 5), "none"))
d[P(0, 0)] = "zero"
print(d, len(d))


class OnlyEq:
    def __eq__(self, other):
        return True


try:
    {OnlyEq()}
except TypeError as e:
    print("TypeError", e)

o = P(1, 2)
o.extra = 5
print(sorted(n for n in dir(o) if not n.startswith("__")))
delattr(o, "extra")
print(hasattr(o, "extra"), id(o) == id(o), id(o) != id(P(1, 2)))
try:
    delattr(o, "nothing")
except AttributeError as e:
    print("AttributeError")
