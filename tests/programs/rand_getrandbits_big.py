# random.getrandbits beyond 63 bits gives Python big ints in CPython's word order
import random

random.seed(12345)
print(random.getrandbits(64), random.getrandbits(100), random.getrandbits(33))
r = random.Random(7)
print([r.getrandbits(k) for k in (1, 31, 32, 63, 64, 65, 128, 200)])
print(r.random(), random.random())
