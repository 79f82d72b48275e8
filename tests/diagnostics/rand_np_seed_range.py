# conform: error=ValueError line=5
# expect: Seed must be between 0 and 2**32 - 1
import numpy as np

rs = np.random.RandomState(2 ** 40)
