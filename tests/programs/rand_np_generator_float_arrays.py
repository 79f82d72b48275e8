# covers: numpy Generator float arrays printed as numpy prints them: random/standard_normal in float64 and float32, normal/uniform/exponential with size= and broadcast parameters, integers arrays, dtypes
# conform: exact
import numpy as np
from numpy.random import default_rng

g = default_rng(2718)
print(g.random(4))
print(g.random((2, 3)))
print(g.random(3, dtype=np.float32), g.random(2, dtype=np.float32).dtype)
print(g.standard_normal(5))
print(g.standard_normal((2, 2), dtype=np.float32))
print(g.normal(size=3), g.normal(5.0, 0.1, size=(2, 2)))
print(g.normal([0.0, 50.0], [1.0, 0.001]))
print(g.uniform(-1.0, 1.0, size=4), g.uniform([0.0, 5.0], 6.0))
print(g.exponential(size=3), g.exponential(3.0, size=2), g.standard_exponential(3, dtype=np.float32))
print(g.integers(0, 10, size=8), g.integers(0, 10, size=8).dtype)
print(g.integers(-5, 5, size=(2, 3), endpoint=True))
print(g.binomial(50, 0.25, size=5), g.poisson(6.0, size=5))
y = g.normal(size=(4, 3))
print(y.dtype, y.shape, y.mean() < 5)
print(np.random.default_rng(seed=2024).normal(scale=0.1, size=(2, 3)))
