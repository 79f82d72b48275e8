# covers: vmap of lax.fori_loop and lax.scan: batched carries, xs batched along a non-scan axis
# (in_axes=1), ys batched or not, reverse scans, an unbatched carry that the body makes batched
# (the init is re-batched: fixed point), consts captured batched, fori_loop with batched bounds
# (a while over lanes), scan with several carries and xs, out_axes on ys
import jax
import jax.numpy as jnp
from jax import lax

xs = jnp.arange(24.0).reshape(4, 6) / 8.0

# scan with a batched carry and batched xs, cumulative sum and running max
def stats(row):
    def step(c, e):
        s, m = c
        return (s + e, jnp.maximum(m, e)), s * e
    return lax.scan(step, (0.0, -jnp.inf), row)
(s, m), ys = jax.vmap(stats)(xs)
print(s, m)
print(ys)
# xs mapped along axis 1 (the batch is the second axis of the scanned array)
(s1, m1), ys1 = jax.vmap(stats, in_axes=1)(xs)
print(s1, m1, ys1.shape)
print(ys1)
# reverse scan, ys out_axes=1
def rev(row):
    return lax.scan(lambda c, e: (c * 0.5 + e, c), 0.0, row, reverse=True)
c, ys = jax.vmap(rev, out_axes=(0, 1))(xs)
print(c)
print(ys)
# the carry starts unbatched and the body makes it batched through a captured value
def decay(rate):
    return lax.scan(lambda c, _: (c * rate + 1.0, c), 1.0, None, length=5)
c, ys = jax.vmap(decay)(jnp.array([0.0, 0.5, 1.0, 2.0]))
print(c, ys)
# unbatched xs, batched carry; a y that stays unbatched (out_axes=None)
t = jnp.arange(5.0)
def mixed(v):
    c, (a, b) = lax.scan(lambda c, e: (c + e * v, (c, e * 2.0)), jnp.zeros(2), t)
    return c, a, b
c, a, b = jax.vmap(mixed, out_axes=(0, 0, None))(jnp.array([[1.0, 0.0], [0.0, 1.0], [2.0, 3.0]]))
print(c, b)
print(a)
# several xs, one batched, one not
def two(u, w):
    return lax.scan(lambda c, e: (c + e[0] * e[1], e[0] - e[1]), 0.0, (u, w))
c, ys = jax.vmap(two, in_axes=(0, None))(xs, jnp.linspace(0.0, 1.0, 6))
print(c)
print(ys)
# fori_loop: batched carry, unbatched bounds
pw = lambda x, n: lax.fori_loop(0, n, lambda i, c: c * x + i, 1.0)
print(jax.vmap(pw, in_axes=(0, None))(jnp.array([0.5, 1.0, 2.0]), 5))
# fori_loop: batched bounds (each lane its own trip count), lower and upper
print(jax.vmap(pw)(jnp.array([2.0, 2.0, 3.0, 1.5]), jnp.array([0, 3, 2, 4])))
lohi = lambda lo, hi: lax.fori_loop(lo, hi, lambda i, c: c + i * i, 0)
print(jax.vmap(lohi)(jnp.array([0, 2, 5, 3]), jnp.array([4, 4, 5, 1])))
print(jax.vmap(lohi, in_axes=(0, None))(jnp.array([0, 1, 2]), 6))
# fori_loop whose carry becomes batched through a captured row, indexing it by the loop counter
def dotself(v):
    return lax.fori_loop(0, v.shape[0], lambda i, c: (c[0] + v[i] * v[i], c[1] + 1), (0.0, 0))
d, n = jax.vmap(dotself)(xs)
print(d, n)
# a scan inside a fori_loop inside vmap
def nested(v):
    def body(i, c):
        c2, _ = lax.scan(lambda a, e: (a + e * i, None), c, v)
        return c2
    return lax.fori_loop(0, 3, body, 0.0)
print(jax.vmap(nested)(xs))
print(jax.jit(jax.vmap(stats))(xs)[1])
