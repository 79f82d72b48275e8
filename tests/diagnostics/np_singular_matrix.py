# conform: error=LinAlgError line=6
# expect: Singular matrix
import numpy as np

m = np.array([[1.0, 2.0], [2.0, 4.0]])
print(np.linalg.solve(m, np.ones(2)))
