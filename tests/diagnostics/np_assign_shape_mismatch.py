# conform: error=ValueError line=6
# expect: could not broadcast input array from shape (3,) into shape (2,)
import numpy as np

a = np.zeros(5)
a[1:3] = np.array([1.0, 2.0, 3.0])
