# Loop carries kept in loop-owned buffers (codegen recyclesCarry): carries that die at
# the yield or mid-body, scan carries, nested and dynamic loops, trip counts 0-3, carries
# that are not recycled (identity, cond) beside them, pmap'd and while loops.
import jax
import jax.numpy as jnp
from jax import lax

v = jnp.arange(16, dtype=jnp.float32) * 0.25

# yield reads the old carry (dies at the terminator)
a = jax.jit(lambda v: lax.fori_loop(0, 100, lambda i, c: c * 0.5 + v, v))(v)
# carry dies mid-body: its only use is a reduction before the yield
def body2(i, c):
    s = jnp.sum(c)
    return jnp.ones(16, jnp.float32) * (s * 0.01) + v
b = jax.jit(lambda v: lax.fori_loop(0, 50, body2, v))(v)
# two carries, one recycled, one an identity (not recycled)
def body3(i, cs):
    x, y = cs
    return (x * 0.9 + y, y)
c = jax.jit(lambda v: lax.fori_loop(0, 7, body3, (v, v + 1.0)))(v)
# scan with a recycled carry and ys
def step(h, x):
    h2 = jnp.tanh(h * 0.5 + x)
    return h2, jnp.sum(h2)
d = jax.jit(lambda h, xs: lax.scan(step, h, xs))(v, jnp.ones((9, 16), jnp.float32) * 0.1)
# nested loops, dynamic trip count
def outer(n, v):
    def ob(i, c):
        return lax.fori_loop(0, i, lambda j, e: e * 0.99 + 0.01, c) + 1.0
    return lax.fori_loop(0, n, ob, v)
e = jax.jit(outer)(5, v)
# trip counts 0, 1, 2
f = [jax.jit(lambda v, n=n: lax.fori_loop(0, n, lambda i, c: c * 2.0 - 1.0, v))(v) for n in (0, 1, 2, 3)]
# a 2-D carry with a reshape yield and a matmul reading the carry
m = jnp.eye(4, dtype=jnp.float32) * 0.5
g = jax.jit(lambda x: lax.fori_loop(0, 6, lambda i, c: (c @ m + 1.0).reshape(4, 4), x))(jnp.ones((4, 4), jnp.float32))
# a carry the body returns through a cond (not recycled)
h = jax.jit(lambda x: lax.fori_loop(0, 6, lambda i, c: lax.cond(i % 2 == 0, lambda z: z * 2.0, lambda z: z, c), x))(v)
# pmap'd fori loop
p = jax.pmap(lambda x: lax.fori_loop(0, 10, lambda i, c: c * 0.5 + x, x))(jnp.arange(4 * 16, dtype=jnp.float32).reshape(4, 16))
# while loop with array carry
w = jax.jit(lambda x: lax.while_loop(lambda c: c[0] < 100.0, lambda c: c * 2.0 + 1.0, x))(v)
for r in (a, b, c[0], c[1], d[0], d[1], e, *f, g, h, p, w):
    print(r.tolist())
