# covers: numpy default_rng / Generator on PCG64 with SeedSequence seeding (ints, big ints, lists), random (float64 and float32), integers (Lemire, endpoint, dtypes, wide ranges, the kept 32-bit half), ziggurat standard_normal/normal (float64 and float32), exponential, uniform, binomial, poisson, SeedSequence.generate_state
# conform: exact
import numpy as np

for seed in [0, 1, 42, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 17, 9223372036854775807, [1, 2, 3], [0], [2 ** 33, 5]]:
    g = np.random.default_rng(seed)
    print(float(g.random()), int(g.integers(0, 1000)), float(g.standard_normal()))

g = np.random.default_rng(7)
print(*[float(g.random()) for _ in range(3)])
print(*[float(g.random(dtype=np.float32)) for _ in range(3)])
print(*[float(g.standard_normal()) for _ in range(6)])
print(*[float(g.standard_normal(dtype=np.float32)) for _ in range(6)])
print(*[float(g.normal(5.0, 0.1)) for _ in range(3)], float(g.normal(scale=3.0)))
print(*[float(g.exponential()) for _ in range(3)], float(g.exponential(4.0)))
print(*[float(g.standard_exponential()) for _ in range(3)])
print(*[float(g.standard_exponential(dtype=np.float32)) for _ in range(3)])
print(float(g.standard_exponential(method="inv")))
print(*[float(g.uniform(-1.0, 1.0)) for _ in range(3)], float(g.uniform()))
print(*[int(g.integers(10)) for _ in range(10)])
print(*[int(g.integers(1, 7, endpoint=True)) for _ in range(10)])
print(*[int(g.integers(-50, 50)) for _ in range(6)])
print(*[int(g.integers(0, 2 ** 40)) for _ in range(3)], int(g.integers(2 ** 62)), int(g.integers(0, 2 ** 32)))
print(int(g.integers(5, 6)), int(g.integers(0, 2 ** 32 - 1, endpoint=True)))
print(g.integers(0, 256, size=10, dtype=np.uint8).tolist(), g.integers(0, 2, size=12, dtype=bool).tolist())
print(g.integers(-1000, 1000, size=8, dtype=np.int16).tolist(), g.integers(0, 9, size=5, dtype=np.int32).tolist())
print(g.integers(0, 100, size=(2, 4)).tolist(), g.integers([5, 50, 500]).tolist())
print(*[int(g.binomial(10, 0.3)) for _ in range(6)], int(g.binomial(0, 0.5)), int(g.binomial(3, 0.0)))
print(*[int(g.binomial(1000, 0.45)) for _ in range(4)], int(g.binomial(200, 0.95)))
print(*[int(g.poisson(4.0)) for _ in range(6)], *[int(g.poisson(40.0)) for _ in range(4)])

ss = np.random.SeedSequence(12345)
print(ss.generate_state(4).tolist(), ss.generate_state(2, np.uint32).tolist(), ss.entropy)
g1 = np.random.Generator(np.random.PCG64(ss))
g2 = np.random.default_rng(12345)
print(float(g1.random()) == float(g2.random()))
g3 = np.random.default_rng(g2)
print(g3 is g2, type(g2).__name__, type(g2.bit_generator).__name__)
print(float(np.random.default_rng(np.random.PCG64(5)).random()), float(np.random.default_rng(5).random()))
