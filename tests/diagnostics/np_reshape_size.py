# conform: error=ValueError line=6
# expect: cannot reshape array of size 6 into shape (4,)
import numpy as np

a = np.arange(6)
b = a.reshape(4)
