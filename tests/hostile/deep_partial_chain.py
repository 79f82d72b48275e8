# functools.partial of a partial is flattened, as in CPython: a chain of
# 200,000 of them is one call deep (no native recursion), later keywords
# override earlier ones and positional arguments accumulate in order.
# hostile: exit=0
# hostile: expect=199999 7
# hostile: expect=(5, 6, 7)
import functools

p = lambda k, j: (k, j)
for i in range(200000):
    p = functools.partial(p, k=i)
print(*p(j=7))
q = functools.partial(functools.partial(lambda a, b, c: (a, b, c), 5), 6)
print(q(7))
