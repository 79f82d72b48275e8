# str, int and float subclasses: values that behave as the builtin (methods,
# operators, formatting, comparisons, dict keys) with a class of their own.


class Name(str):
    def shout(self):
        return self.upper() + "!"

    def initials(self):
        return "".join(w[0] for w in self.split())


n = Name("ada lovelace")
print(n, repr(n), n.shout(), n.initials(), len(n), n.title(), n[0], n[-8:])
print(n + "!", "Dr. " + n, n * 2, isinstance(n, str), n == "ada lovelace", n.startswith("ada"))
print(f"[{n:>15}] [{n:<15}] {n!r}", "%s|%r" % (n, n), str(n), type(str(n)).__name__)
print(sorted([Name("b"), Name("a")]), "-".join([Name("x"), "y"]), n.split(), "ada" in n)


class Celsius(float):
    def to_f(self):
        return self * 9 / 5 + 32

    def __repr__(self):
        return f"{float(self)}C"


c = Celsius(21.5)
print(c, c.to_f(), c + 1, c * 2, -c, abs(Celsius(-3)), round(c), int(c), float(c))
print(c > 20, c == 21.5, f"{c:.1f}", isinstance(c, float), [c], max(Celsius(1), Celsius(2)))


class Bits(int):
    def ones(self):
        return bin(self).count("1")

    def __repr__(self):
        return f"Bits({int(self)})"


b = Bits(13)
print(b, b.ones(), b + 1, b * 2, b // 2, b % 5, b ** 2, b & 4, b | 2, b << 1, -b, ~b)
print(b == 13, b < 20, hash(b) == hash(13), [b], {b: 1}.get(13), list(range(b))[-1], f"{b:04d}", f"{b}")
print(isinstance(b, int), type(b + 1).__name__, "ab"[Bits(1)], [0, 1, 2][Bits(2)], divmod(b, 4))


class Level(int):
    names = {10: "DEBUG", 20: "INFO"}

    def __new__(cls, value):
        return super().__new__(cls, value)

    def __str__(self):
        return self.names.get(int(self), "L%d" % int(self))


print(Level(10), Level(20), Level(30), Level(10) < Level(20), str(Level(15)), int(Level(15)))
