# covers: numpy.testing assertions (pass and AssertionError), np.finfo/np.iinfo limits, import numpy.linalg / numpy.testing forms
import numpy as np
import numpy.testing as npt
from numpy.linalg import norm, inv
from numpy.testing import assert_allclose

npt.assert_allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-9]))
assert_allclose(np.sqrt(2.0), 1.41421356, rtol=1e-6)
npt.assert_array_equal(np.arange(3), [0, 1, 2])
npt.assert_almost_equal(np.pi, 3.1415926, decimal=6)
npt.assert_equal(np.array([[1, 2]]), np.array([[1, 2]]))
for fn, args in [(npt.assert_allclose, (np.array([1.0, 2.0]), np.array([1.0, 2.1]))),
                 (npt.assert_array_equal, (np.arange(3), [0, 1, 3])),
                 (npt.assert_almost_equal, (1.0, 1.1)),
                 (npt.assert_array_equal, (np.zeros(2), np.zeros(3)))]:
    try:
        fn(*args)
        print("no error")
    except AssertionError as e:
        print("AssertionError", str(e).strip().split("\n")[0])
f32, f64, f16 = np.finfo(np.float32), np.finfo(np.float64), np.finfo(np.float16)
print(f32.eps, f64.eps, f16.eps, f32.max, f64.tiny, f32.bits, f64.precision, f32.resolution, f32.dtype)
print(np.iinfo(np.int32).max, np.iinfo(np.int8).min, np.iinfo(np.uint8).max, np.iinfo(np.int64).max, np.iinfo(np.int16).bits)
print(np.finfo(float).eps == np.finfo(np.float64).eps, type(f32.eps).__name__, np.finfo(np.zeros(2, np.float32).dtype).eps)
print(norm(np.array([6.0, 8.0])), inv(np.array([[2.0, 0.0], [0.0, 4.0]])), np.linalg.norm([1, 2, 2]))
