# conform: error=ValueError line=6
# expect: shape mismatch: value array of shape (2,) could not be broadcast to indexing result of shape (3,)
import numpy as np

a = np.zeros(5)
a[[0, 1, 2]] = [1.0, 2.0]
