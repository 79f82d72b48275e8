# Assignment targets: tuple/list unpacking, nested, swap, chained, in for loops.
import jax.numpy as jnp

a, b = 1, 2
a, b = b, a
print(a, b)
(c, d), e = (3, 4), 5
print(c, d, e)
[f, g] = [6, 7]
print(f, g)
x = y = z = 8
print(x, y, z)
for i, (p, q) in enumerate([(1, 2), (3, 4)]):
    print(i, p, q)
m = jnp.arange(6).reshape(3, 2)
u, v, w = m
print(u, v, w)
r0, r1 = jnp.array([10.0, 20.0])
print(r0, r1, r0.shape)
h, t = (lambda: (1, (2, 3)))()
print(h, t)
k1, k2 = {'a': 1, 'b': 2}
print(k1, k2)
s1, s2 = 'hi'
print(s1, s2)
