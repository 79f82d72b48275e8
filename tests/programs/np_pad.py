# covers: numpy.pad (numpy's Python half): constant with per-side values, edge, wrap, reflect, symmetric, widths as int, pair, per-axis pairs; dtypes kept
import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.pad(np.arange(3), 2), np.pad(np.arange(3), (1, 2), constant_values=9), np.pad(a, 1))
print(np.pad(a, ((1, 0), (0, 2)), constant_values=((7, 8), (5, 6))))
for mode in ("edge", "wrap", "reflect", "symmetric"):
    print(mode, np.pad(np.arange(4), (3, 5), mode=mode), np.pad(a, (1, 2), mode=mode).tolist())
print(np.pad(np.arange(1.0, 4.0), 1, mode="reflect").dtype, np.pad(np.array([5]), 2, mode="reflect"), np.pad(np.ones((2, 2), np.float32), 1).dtype)
print(np.pad(np.arange(3), ((2, 1),)), np.pad(np.arange(2), 0))
