# covers: more of numpy's Python half: modf, ldexp, diag_indices, block, lexsort, choose, compress, extract, resize, cumulative_prod, imag/angle of reals, fill_diagonal in place
import numpy as np
print(np.modf(np.array([1.5, -2.25])), np.ldexp(np.array([1.0, 3.0]), np.array([2, -1])), np.diag_indices(3))
print(np.block([[np.eye(2), np.zeros((2, 1))], [np.ones((1, 2)), np.array([[5.0]])]]))
print(np.lexsort(([1, 5, 1, 4], [2, 1, 2, 0])), np.lexsort((np.array([3, 1, 2]),)))
print(np.choose(np.array([0, 1, 2, 1]), [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]), np.choose([3, 0], [[1, 2], [3, 4]], mode="wrap"))
print(np.compress([0, 1], np.arange(6).reshape(3, 2), axis=1), np.compress([True, False, True], np.arange(5)), np.extract(np.arange(6) % 2 == 0, np.arange(6) * 3))
print(np.resize(np.arange(3), (2, 4)), np.resize([1, 2], 5), np.cumulative_prod([1, 2, 3], include_initial=True))
print(np.imag(np.array([1.0, 2.0])), np.angle(np.array([-1.0, 2.0])), np.angle([-1.0], deg=True))
a = np.zeros((3, 3), dtype=int); np.fill_diagonal(a, 5); print(a)
b = np.zeros((2, 2)); np.fill_diagonal(b, [1.5, 2.5]); print(b)
