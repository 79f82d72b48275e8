# hostile: expect=done
# hostile: timeout=30
# sample() from an enormous range takes the set path: fast, tiny memory.
import random

random.seed(1)
s = random.sample(range(10 ** 15), 1000)
print(len(s), "done")
