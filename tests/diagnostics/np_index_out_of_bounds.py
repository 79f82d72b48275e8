# conform: error=IndexError line=6
# expect: index 4 is out of bounds for axis 1 with size 4
import numpy as np

m = np.zeros((3, 4))
print(m[0, 4])
