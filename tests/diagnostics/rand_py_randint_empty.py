# conform: error=ValueError line=6
# expect: empty range for randrange() (5, 2, -3)
import random

random.seed(0)
k = random.randint(5, 1)
