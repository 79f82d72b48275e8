# conform: error=TypeError line=5
# expect: The only supported seed types are
import random

random.seed([1, 2, 3])
