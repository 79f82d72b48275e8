# covers: numpy RandomState float64 arrays printed as numpy prints them: rand/randn shapes, normal/uniform with size= and broadcast array parameters, exponential/standard_normal arrays, the module-level functions, numpy.random imported as a module and by name
# conform: exact
import numpy as np
import numpy.random as npr
from numpy.random import RandomState

rs = RandomState(31)
print(rs.rand(4))
print(rs.rand(2, 3))
print(rs.randn(5))
print(rs.randn(2, 2, 2))
print(rs.random_sample((3,)), rs.random_sample(size=2))
print(rs.normal(size=4), rs.normal(10.0, 0.5, size=(2, 2)))
print(rs.normal([0.0, 10.0, 100.0], 1.0))
print(rs.normal(0.0, [[1.0], [100.0]], size=(2, 3)))
print(rs.uniform(-1, 1, size=5))
print(rs.uniform([0, 10], [1, 20]))
print(rs.standard_normal(3), rs.standard_normal((1, 2)))
print(rs.exponential(2.0, size=3), rs.standard_exponential(2))
print(rs.lognormal(0.0, 0.25, size=3))
x = rs.normal(size=(3, 2))
print(x.dtype, x.shape, x.astype(np.float32).dtype)
print(rs.randint(0, 10, size=5).dtype, rs.rand(0).shape, rs.randn(2, 0).shape)

npr.seed(3)
print(npr.rand(3), npr.randn(2), npr.randint(0, 5, size=4))
np.random.seed(3)
print(np.random.rand(3))
print(np.random.normal(0, 0.01, size=(2, 2)), np.random.uniform(size=2))
print(np.random.permutation(6), np.random.choice(5, 3))
