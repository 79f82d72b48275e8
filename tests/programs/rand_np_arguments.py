# covers: numpy.random argument forms: keywords, size as int/tuple/list, numpy integer scalars as seeds and sizes, array parameters from np.array, p as an array, populations as arrays (Generator.choice takes rows), seeding RandomState and default_rng from arrays
# conform: exact
import numpy as np

rs = np.random.RandomState(seed=np.int64(17))
print(rs.randint(low=3, high=9, size=[2, 2]).tolist(), rs.randint(high=5, low=0, size=(3,)).tolist())
print(rs.rand(np.int64(3)).tolist(), rs.random_sample(size=[2]).tolist())
print(rs.normal(loc=np.array([0.0, 100.0]), scale=np.array([1.0, 2.0])).tolist())
print(rs.uniform(low=np.array([[0.0], [10.0]]), high=20.0, size=(2, 2)).tolist())
print(rs.choice(np.array([5, 6, 7, 8]), size=3, replace=False, p=[0.1, 0.2, 0.3, 0.4]).tolist())
print(rs.choice(a=4, size=np.int64(2)).tolist(), int(rs.choice(np.int64(9))))
print(np.random.RandomState(np.array([4, 5])).randint(100, size=3).tolist())

g = np.random.default_rng(seed=np.int64(17))
print(g.integers(low=0, high=np.int64(50), size=np.int64(4)).tolist())
print(g.normal(loc=np.array([1.0, -1.0]), scale=0.5, size=(3, 2)).tolist())
rows = np.arange(12).reshape(4, 3)
print(g.choice(rows, size=2, replace=False).tolist(), g.choice(rows).tolist())
print(g.choice(np.array([1.5, 2.5, 3.5]), size=(2, 2)).tolist())
print(g.permutation(np.array([9, 8, 7, 6])).tolist())
print(np.random.default_rng(np.array([1, 2, 3])).random(), np.random.default_rng([np.int64(1), 2, 3]).random())
print(np.random.default_rng(np.random.SeedSequence(entropy=99)).integers(1000, size=3).tolist())
