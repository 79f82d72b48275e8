# hostile: error=MemoryError line=6
# hostile: timeout=20
import numpy as np

rng = np.random.default_rng(0)
p = rng.permutation(10 ** 12)
