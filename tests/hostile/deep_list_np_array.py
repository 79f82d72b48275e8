# np.array of nested lists deeper than numpy's 64 dimensions is a ValueError
# (numpy's message), also for a 100,000-deep list.
# hostile: error=ValueError line=12
import numpy as np

a = 1.0
for i in range(64):
    a = [a]
print(np.array(a).ndim)
for i in range(100000):
    a = [a]
print(np.array(a))
