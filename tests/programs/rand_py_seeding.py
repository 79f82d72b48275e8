# covers: random.seed with ints (negative, multi-word), floats, str (sha512 seeding), bool; random(); getrandbits widths; getstate/setstate
# conform: exact
import random

for s in [0, 1, 42, -42, 2 ** 32, 2 ** 32 + 7, 2 ** 40 + 123, 2 ** 62 + 5, -9223372036854775807, True]:
    random.seed(s)
    print(s, random.random(), random.random(), random.getrandbits(7))

for f in [0.0, 1.5, -2.25, 3.0, 1e300, 0.1, -7e-10]:
    random.seed(f)
    print(f, random.random())

for text in ["", "a", "experiment-1", "hello world", "ünïcødé ✓", "x" * 200]:
    random.seed(text)
    print(repr(text[:12]), random.random(), random.randint(0, 10 ** 6))

random.seed(2024)
print([random.getrandbits(k) for k in [0, 1, 2, 5, 16, 31, 32, 33, 40, 48, 63]])

random.seed(7)
state = random.getstate()
print(state[0], len(state[1]), state[1][-1], state[2])
first = [random.random() for _ in range(5)]
random.setstate(state)
again = [random.random() for _ in range(5)]
print(first == again, first[0])

# the cached gauss value is part of the state
random.seed(11)
g1 = random.gauss(0, 1)
st = random.getstate()
print(st[2] is not None, g1)
g2 = random.gauss(0, 1)
random.setstate(st)
print(random.gauss(0, 1) == g2, g2)

# seeding resets the gauss cache
random.seed(3)
a = random.gauss()
random.seed(3)
print(random.gauss() == a)
