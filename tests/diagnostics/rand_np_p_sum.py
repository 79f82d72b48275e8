# conform: error=ValueError line=5
# expect: probabilities do not sum to 1
import numpy as np

print(np.random.RandomState(1).choice(3, p=[0.5, 0.5, 0.5]))
