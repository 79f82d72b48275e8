# conform: error=ValueError line=6
# expect: low >= high
# expect: high must exceed low
import numpy as np

print(np.random.RandomState(0).randint(5, 1, size=3))
