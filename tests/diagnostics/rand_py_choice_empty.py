# conform: error=IndexError line=5
# expect: Cannot choose from an empty sequence
import random

print(random.choice([]))
