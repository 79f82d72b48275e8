# conform: error=ValueError line=6
# expect: cannot reshape array of size 4 into shape (3,2)
import jax
import numpy as np

grid = np.array(jax.devices()).reshape(3, 2)
