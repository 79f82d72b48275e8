# hostile: error=MemoryError line=5
# hostile: timeout=20
import numpy as np

print(np.random.default_rng(1).normal(size=(10 ** 10, 10 ** 10)))
