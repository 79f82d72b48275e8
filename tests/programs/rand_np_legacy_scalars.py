# covers: numpy RandomState draws as Python scalars: seeding (int, array), random_sample, normal (cached polar gaussian), uniform, randint (masked rejection, every dtype width), binomial (inversion, BTPE), poisson (mult, PTRS), exponential, lognormal, get_state/set_state, the module-level global RandomState
# conform: exact
import numpy as np

rs = np.random.RandomState(123)
print(*[float(rs.random_sample()) for _ in range(4)])
print(*[float(rs.normal()) for _ in range(5)])
print(*[float(rs.normal(3.0, 0.25)) for _ in range(3)])
print(*[float(rs.standard_normal()) for _ in range(3)])
print(*[float(rs.uniform(-5, 5)) for _ in range(3)], float(rs.uniform(3, 1)))
print(float(rs.rand()), float(rs.randn()), float(rs.random()))
print(*[int(rs.randint(10)) for _ in range(10)])
print(*[int(rs.randint(-1000, 1000)) for _ in range(6)])
print(*[int(rs.randint(0, 2 ** 40)) for _ in range(3)], int(rs.randint(2 ** 33, 2 ** 34)))
print(int(rs.randint(5, 6)), int(rs.randint(0, 2 ** 32)), int(rs.randint(-2 ** 62, 2 ** 62)))
print(rs.randint(0, 200, size=12, dtype=np.uint8).tolist())
print(rs.randint(-300, 300, size=10, dtype=np.int16).tolist())
print(rs.randint(0, 2, size=16, dtype=bool).tolist())
print(rs.randint(0, 5, size=7, dtype=np.int32).tolist(), rs.randint(0, 5, size=(2, 3)).tolist())
print(*[int(rs.binomial(10, 0.3)) for _ in range(8)])
print(*[int(rs.binomial(1000, 0.4)) for _ in range(5)], int(rs.binomial(500, 0.9)), int(rs.binomial(5, 0.0)))
print(rs.binomial(20, 0.5, size=6).tolist(), rs.binomial([10, 100, 1000], 0.5).tolist())
print(*[int(rs.poisson(3.5)) for _ in range(8)], int(rs.poisson(0.0)))
print(*[int(rs.poisson(150.0)) for _ in range(5)], rs.poisson(12.0, size=4).tolist())
print(*[float(rs.exponential(2.0)) for _ in range(3)], float(rs.standard_exponential()))
print(float(rs.lognormal(0.0, 0.5)))

seeded = np.random.RandomState([1, 2, 3])
print(float(seeded.random_sample()), int(seeded.randint(100)))
print(float(np.random.RandomState(2 ** 32 - 1).random_sample()), float(np.random.RandomState([0]).rand()))

state = rs.get_state()
print(state[0], len(state[1]), state[2])
a = [float(rs.normal()) for _ in range(3)]
rs.set_state(state)
b = [float(rs.normal()) for _ in range(3)]
print(a == b)

rs.seed(5)
x = float(rs.rand())
rs.seed(5)
print(float(rs.rand()) == x, x)

np.random.seed(0)
print(float(np.random.rand()), float(np.random.randn()), int(np.random.randint(0, 100)))
print(float(np.random.random()), float(np.random.random_sample()), float(np.random.normal(1, 2)))
print(float(np.random.uniform()), float(np.random.standard_normal()), int(np.random.binomial(7, 0.2)))
print(int(np.random.poisson(2.0)), float(np.random.exponential()))
np.random.seed(0)
print(float(np.random.rand()))
