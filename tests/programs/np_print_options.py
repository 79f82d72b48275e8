# covers: numpy printing of arrays and scalars, repr with dtypes, precision/suppress/threshold/edgeitems/linewidth, printoptions context, array2string, array_str, array_repr
# conform: exact
import numpy as np

print(np.array([1e-4, 1.0]), np.array([1e-5, 1.0]), np.array([0.001, 1000.0]), np.array([0.001, 1001.0]))
print(np.array([1e8, 1.0]), np.array([99999999.0, 1.0]), np.array([1.5, np.nan]), np.array([-np.inf, 1.25]))
print(np.array([0.0, -0.0, 1.0]), np.array([1, -20, 300]), np.array([-1, 0, 1], dtype=np.int8))
print(repr(np.array([1, 2], dtype=np.uint8)), repr(np.array([1.5], dtype=np.float16)), repr(np.array([True])))
print(repr(np.array(7)), repr(np.array(2.5)), repr(np.array(1.0)), repr(np.zeros((0, 3))), repr(np.array([], dtype=np.int32)))
print(repr(np.arange(30.0) / 7))
print(repr(np.arange(6, dtype=np.int32).reshape(2, 3)))
print(repr(np.float32(0.1)), repr(np.float64(1e20)), repr(np.int32(-3)), repr(np.uint8(200)), repr(np.bool_(False)), repr(np.float16(0.1)))
print(np.float32(1e-5), np.float64(1e16), np.float64(1e15), np.float64(123456.789), np.float32(16777216.0), np.float64(-0.0))
print(np.arange(1001.0))
print(np.arange(24).reshape(2, 3, 4))
print(np.zeros((2, 0)), np.ones((1, 1, 1)), np.array([[1.5]]))
print(np.linspace(-1, 1, 20))
np.set_printoptions(precision=4, suppress=True)
print(np.array([1e-10, 3.14159265, 2.0]), np.array([1 / 3]))
np.set_printoptions(threshold=5, edgeitems=2)
print(np.arange(10), np.arange(20).reshape(4, 5))
np.set_printoptions(threshold=1000, edgeitems=3, precision=8, suppress=False, linewidth=40)
print(np.arange(20.0))
np.set_printoptions(linewidth=75)
with np.printoptions(precision=3):
    print(np.array([2 / 3, 1e-3]), np.get_printoptions()["precision"])
print(np.get_printoptions()["precision"], np.array([2 / 3]))
with np.printoptions(floatmode="fixed", precision=2):
    print(np.array([1.0, 2.5, 3.125]))
with np.printoptions(sign="+"):
    print(np.array([1.0, -2.0]), np.array([3, -4]))
print(np.array2string(np.arange(6).reshape(2, 3), separator=","), np.array2string(np.array([0.5, 1.25]), precision=1))
print(np.array_str(np.array([1.123456, 2.0]), precision=2), np.array_repr(np.array([1, 2, 3], dtype=np.int16)))
print(np.array2string(np.linspace(0, 1, 12), max_line_width=30))
print(str(np.array(["x", "yy", "zzz"])), repr(np.array(["ab", "c"])), np.array(["a", "b"]).dtype)
print(f"{np.float32(0.25):.3f} {np.int64(42):>5} {np.float64(3.14159):e} {np.array(2.5)} {np.bool_(True)}")
print(np.float64(2.5).item(), type(np.float64(2.5).item()).__name__, np.int64(3).item(), type(np.int32(3).item()).__name__, np.array([[1, 2]]).tolist(), np.array([1.5, 2]).tolist())
print([np.int32(1), np.float32(0.5), np.bool_(True), np.uint8(3)], (np.float64(1.0),))
print(np.format_float_positional(np.float32(0.1)), np.format_float_positional(0.1), np.format_float_scientific(12345.678, precision=3))
