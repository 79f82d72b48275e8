# Dicts large and small: the hash index (O(1) lookups past 8 entries) must
# agree with the scan on every key kind - numbers equal across int/float/bool,
# tuples, numpy scalars, big ints, frozensets and instances with __hash__
# (the last four make the dict scan) - through popitem, del, pop, clear and
# copies; unhashable keys raise TypeError for [] and for 'in'.
import numpy as np
d = {}
for i in range(100000):
    d["k%d" % i] = i
print(len(d), d["k777"], "k99999" in d, "zz" in d)
# numeric key equivalence
e = {1: 'a', 2.5: 'b', True: 'c', (1, 2): 'd', None: 'n'}
for i in range(20):
    e[i * 1.0] = i
print(e[1], e[1.0], e[True], e[(1, 2)], e[(1.0, 2)], e[None], e[3], len(e))
# popitem then lookups
for _ in range(5):
    print(e.popitem())
print(e.get(14), e.get(15), e.get(19), len(e))
del e[2]
print(e.get(3), 2 in e, list(e)[:6])
# numpy scalar keys
f = {i: i for i in range(10)}
print(f[np.int32(3)], np.int64(4) in f, f.get(np.float32(5.0)))
f[np.int32(20)] = 'np'
print(f[20], len(f))
class K:
    def __init__(s, v): s.v = v
    def __hash__(s): return hash(s.v)
    def __eq__(s, o): return isinstance(o, K) and o.v == s.v
g = {K(i): i for i in range(12)}
print(g[K(5)], K(13) in g)
g2 = dict(g); g2.update({K(1): 'x'}); print(g2[K(1)], len(g2))
h = {i: i for i in range(50)}
h.clear(); h['a'] = 1; print(h, {**{i: i for i in range(9)}, 3: 'x'})
import collections
c = collections.Counter("abracadabra" * 3)
print(sorted(c.items()))
dd = collections.defaultdict(list)
for i in range(30): dd[i % 7].append(i)
print(dict(dd))
od = collections.OrderedDict((str(i), i) for i in range(12))
od.move_to_end('3'); print(list(od)[-2:], od['3'])
x = {float('nan'): 1}
print(len(x))
z = {i: i for i in range(16)}
while z:
    z.popitem()
print(z)
w = {(i, str(i)): i for i in range(40)}
print(w[(7, '7')], (7, 7) in w)
d = {i: i for i in range(20)}
for k in ([1], {}, {1}):
    try:
        print(d[k])
    except TypeError as e:
        print("TypeError", e)
    try:
        print(k in d)
    except TypeError as e:
        print("TypeError", e)
m = {np.int64(i): i for i in range(12)}
print(m[3], m.get(3.0), len(m))
del m[np.int64(0)]
m.pop(5)
print(sorted(m.values()))
big = {2**70: 'big', 1: 'one'}
for i in range(10): big[i + 100] = i
print(big[2**70], big[1], big.get(2**70 + 1))
del big[2**70]
print(big[105], len(big))
s = {frozenset({1, 2}): 'fs'}
for i in range(10): s[i] = i
print(s[frozenset({2, 1})], s[4])
# A 200,000-entry dict built and probed: quadratic lookups would take hours.
vocab = {}
for i in range(200000):
    w = "w%d" % (i * 7919 % 200003)
    vocab[w] = vocab.get(w, 0) + 1
print(len(vocab), sum(vocab.values()), vocab.get("w7919"), vocab.get("w-1"))
# Mixed: an instance key arrives after the index was built, then leaves.
mix = {i: i for i in range(30)}
mix[K(1)] = 'inst'
print(mix[5], mix[K(1)], len(mix))
del mix[K(1)]
mix[3.0] = 'three'
print(mix[3], len(mix), list(mix.items())[:4])
