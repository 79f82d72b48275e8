# covers: numpy scalars and arrays in Python protocols: list indices, range, dict keys, math, %-format, str.format, round, iteration, unpacking, sum/max/sorted, truth, comparisons
import math
import numpy as np

a = np.arange(5)
lst = [10, 20, 30, 40, 50]
print(lst[a[2]], lst[np.int64(1)], (1, 2, 3)[np.int32(2)], range(np.int64(3)), list(range(a[3])), "abc"[np.int8(1)])
print(math.sqrt(np.float64(2.0)), math.floor(np.float64(2.5)), math.exp(np.float32(1.0)), round(np.float64(2.567), 2), round(np.float64(2.5)), round(np.float32(3.5)))
print("%.3f %d %s %5.1f %r" % (np.float64(1.5), np.int64(3), np.float32(0.1), np.int64(7), np.float64(0.5)))
print("{:.2f} {} {:>6} {:d}".format(np.float64(3.14159), np.arange(3), np.int32(42), np.uint8(9)))
d = {np.int64(1): "a", 2.0: "b"}
print(d[1], d.get(np.int64(1)), d[np.float64(2.0)], np.int64(2) in d, len({np.int64(1): 0, 1: 1, np.float64(1.0): 2}))
print(sum(np.arange(4)), max(np.array([3, 1, 2])), sorted(np.array([3, 1, 2])), min(np.arange(3.0)), sum(np.ones(3)) / 2)
print(len(np.zeros((4, 2))), list(np.arange(3)), tuple(np.array([1.5, 2.5])), [float(v) for v in np.arange(2.0)])
for row in np.arange(6).reshape(3, 2):
    print(row, row.sum(), row[0] < row[1])
x, y = np.array([1, 2])
p, q = np.arange(4).reshape(2, 2)
print(x, y, type(x).__name__, p, q)
print(np.float64(1) == 1, np.float64(0.5) < 1, np.int64(2) >= 2.0, bool(np.float64(0.0)), np.True_ and True, not np.False_)
if np.float64(0.3) > 0.2 and np.array([1]):
    print("truthy", np.True_, np.False_, np.True_ == True)
print(int(np.float64(-2.7)), float(np.int64(3)), int(np.array(5)), float(np.array(2.5)), complex(1, 0) if False else 0)
print(np.float64(3.0).is_integer() if hasattr(np.float64(3.0), "is_integer") else 0, np.float64(2.5).item(), np.int64(9).item() + 1)
vals = [np.float64(0.1) * i for i in range(4)]
print(vals, sum(vals), max(vals), sorted(vals, reverse=True)[0])
total = 0
for v in np.array([1.5, 2.5]):
    total += v
print(total, type(total).__name__, total * 2)
counts = {}
for v in np.array([1, 2, 1, 3, 1]):
    counts[v] = counts.get(v, 0) + 1
print(counts)
print(str(np.float64(2.0)), str(np.int8(-5)), repr(np.float32(2.0)), f"{np.float64(1/3):.4f}", f"{np.arange(3)}", f"{np.float64(1e-7)}")
