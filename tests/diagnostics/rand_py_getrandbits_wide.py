# conform: error=OverflowError line=5
# expect: wider than parax's 64 bits
import random

print(random.getrandbits(100))
