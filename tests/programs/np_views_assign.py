# covers: numpy views share their buffer, basic/advanced indexing, assignment with casting, in-place operators through views
# conform: exact
import numpy as np

a = np.arange(12).reshape(3, 4)
v = a[1]
v[0] = 100
print(a)
s = a[:, 1:3]
s *= -1
print(a, s.shape, s.base is a)
t = a.T
t[0, 2] = 55
print(a[2, 0], t.shape, a.flags.writeable)
r = a.reshape(-1)
r[-1] = 999
print(a[-1, -1], r.size)
print(a[::2, ::-1])
print(a[..., 0], a[None, 0].shape, a[:, np.newaxis, 1].shape)
print(a[[0, 2]], a[[0, 2], [1, 3]], a[1:, [0, 0, 3]])
print(a[a > 50], a[np.array([True, False, True])])
b = a.copy()
b[b < 0] = 0
print(b, a.min())
x = np.zeros(5)
x[1:4] = 7
x[[0, 4]] = [1.5, 2.5]
x[x > 2] += 0.25
print(x)
f = np.ones((2, 3), dtype=np.float32)
f[0] = 1 / 3
print(f, f.dtype)
i8 = np.zeros(3, dtype=np.int8)
i8[0] = 127
i8 += 1
print(i8, i8.dtype)
u = np.array([250, 251, 252], dtype=np.uint8)
u += 10
print(u)
bools = np.zeros(4, dtype=bool)
bools[[1, 3]] = 1
print(bools, bools.sum())
c = np.arange(6)
c[1:] = c[:-1]
print(c)
d = np.arange(10)
d[::3] = -d[::3]
print(d)
e = np.arange(5.0)
e[[0, 0, 1]] += 1
print(e)
g = np.zeros((2, 2))
g[:] = [1, 2]
g[1, :] = 3
print(g)
h = np.arange(24).reshape(2, 3, 4)
print(h[1, ..., 2], h[:, 1, [0, 3]], h[[0, 1], :, [1, 2]].shape)
h[..., 0] = 0
print(h.sum(), h[0, :, 0])
k = np.arange(8)
view = k[2:6]
view[:] = view[::-1]
print(k)
m = np.eye(3)
m[np.arange(3), [2, 1, 0]] = 5
print(m)
n = np.arange(6.0)
n[n % 2 == 0] *= 10
print(n)
cnt = np.zeros(4, dtype=int)
np.add.at(cnt, [0, 1, 1, 3, 3, 3], 1)
mx = np.zeros(3)
np.maximum.at(mx, [0, 0, 2], [5.0, 7.0, -1.0])
sub = np.ones(3)
np.subtract.at(sub, [1, 1], 0.5)
print(cnt, mx, sub)
o = np.ones(3)
np.multiply(o, 4, out=o)
np.sqrt(o, out=o)
print(o)
q = np.arange(4)
w = q
w -= 1
print(q, w is q)
z = np.arange(3.0)
z2 = z
z = z + 1
print(z2, z)
p = np.array([1.7, -1.7, 2.5])
ints = np.zeros(3, dtype=np.int64)
ints[:] = p
print(ints)
ints[1] = True
print(ints, ints.dtype)
print(np.arange(254.0, 258.0).astype("uint8"), np.array([-1, 256]).astype(np.uint8), np.array([1.9, -1.9]).astype(int))
print(np.array([3.7, -0.5, 0]).astype(bool), np.array([300, -129]).astype(np.int8), np.array([70000]).astype(np.int16))
