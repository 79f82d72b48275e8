import copy

a = [1, [2, 3], {"k": [4, 5]}]
b = copy.copy(a)
c = copy.deepcopy(a)
a[1].append(99)
a[2]["k"].append(100)
print(a, b, c)
print(b[1] is a[1], c[1] is a[1], b is a)
shared = [0]
d = {"x": shared, "y": shared}
e = copy.deepcopy(d)
print(e, e["x"] is e["y"], e["x"] is shared)
cyc = [1]
cyc.append(cyc)
cc = copy.deepcopy(cyc)
print(cc[0], cc[1] is cc, cc is cyc)
t = (1, 2, [3])
t2 = copy.deepcopy(t)
print(t2, t2 is t, t2[2] is t[2], copy.deepcopy((1, 2)) == (1, 2))
print(copy.copy(5), copy.deepcopy("s"), copy.copy(None), copy.deepcopy(3.5))


class Point:
    def __init__(self, x, y):
        print("init called")
        self.x = x
        self.y = y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)


p = Point([1], 2)
q = copy.copy(p)
r = copy.deepcopy(p)
p.x.append(7)
print(p, q, r, q is p, type(r).__name__)


class Custom:
    def __init__(self, v):
        self.v = v

    def __copy__(self):
        print("__copy__")
        return Custom(self.v)

    def __deepcopy__(self, memo):
        print("__deepcopy__", type(memo).__name__)
        return Custom(copy.deepcopy(self.v, memo))


x = Custom([1, 2])
y = copy.copy(x)
z = copy.deepcopy(x)
print(y.v is x.v, z.v == x.v, z.v is x.v)
nested = {"pts": [Point(1, 2), Point(3, 4)]}
n2 = copy.deepcopy(nested)
n2["pts"][0].x = 100
print(nested, n2)
from collections import namedtuple
P = namedtuple("P", "a b")
pp = P([1], 2)
pq = copy.deepcopy(pp)
pp.a.append(5)
print(pp, pq)
import dataclasses
@dataclasses.dataclass
class Cfg:
    lr: float
    layers: list
cfg = Cfg(0.1, [8, 8])
cfg2 = copy.deepcopy(cfg)
cfg.layers.append(4)
print(cfg, cfg2, cfg == cfg2)
import numpy as np
import jax.numpy as jnp
arr = jnp.arange(3.0)
print(copy.deepcopy(arr), copy.copy(arr))
print(copy.deepcopy({"w": jnp.ones(2), "b": [jnp.zeros(1)]}))
