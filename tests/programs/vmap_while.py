# covers: vmap of lax.while_loop: batched carry with an unbatched predicate (a batched body), a batched
# predicate (the loop runs until every lane is done, each lane's carry frozen once its predicate fails),
# a predicate batched only through a captured value, a carry made batched by the body (fixed point),
# integer/bool carries, nested while loops, jit around it
import jax
import jax.numpy as jnp
from jax import lax

# batched carry, predicate on an unbatched counter
def scale(v):
    return lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * 2.0 + 1.0), (0, v))
print(jax.vmap(scale)(jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
# batched predicate: Newton iterations for sqrt until each lane converges
def newton(a):
    def cond(c):
        x, k = c
        return (jnp.abs(x * x - a) > 1e-4) & (k < 50)
    def body(c):
        x, k = c
        return 0.5 * (x + a / x), k + 1
    return lax.while_loop(cond, body, (a, 0))
r, k = jax.vmap(newton)(jnp.array([1.0, 2.0, 9.0, 100.0, 1e4]))
print(r, k)
# the predicate depends on a batched captured value; the carry starts unbatched
def steps_until(limit):
    return lax.while_loop(lambda c: c[1] < limit, lambda c: (c[0] + 1, c[1] + 2.5), (0, 0.0))
print(jax.vmap(steps_until)(jnp.array([0.0, 1.0, 10.0, 26.0])))
# the body makes an unbatched carry batched (through a captured batched value)
def grow(s):
    return lax.while_loop(lambda c: c[0] < 4, lambda c: (c[0] + 1, c[1] + s, c[2] * 1.5), (0, 0.0, 1.0))
i, acc, p = jax.vmap(grow)(jnp.array([1.0, -2.0, 0.5]))
print(i, acc, p)
# bool carry and a batched predicate: first index where a row exceeds a threshold
def first_above(row, t):
    def cond(c):
        j, found = c
        return (j < row.shape[0]) & ~found
    def body(c):
        j, found = c
        hit = row[j] > t
        return jnp.where(hit, j, j + 1), hit
    return lax.while_loop(cond, body, (0, False))
m = jnp.array([[0.1, 0.5, 0.9, 0.2], [0.7, 0.1, 0.1, 0.1], [0.0, 0.0, 0.0, 0.0]])
print(jax.vmap(first_above, in_axes=(0, None))(m, 0.6))
print(jax.vmap(first_above, in_axes=(None, 0))(m[0], jnp.array([0.0, 0.3, 0.6, 0.95])))
# nested while loops, the inner trip count per lane
def tri(n):
    def outer_body(c):
        i, total = c
        inner = lax.while_loop(lambda d: d[0] < i, lambda d: (d[0] + 1, d[1] + d[0]), (0, 0))[1]
        return i + 1, total + inner
    return lax.while_loop(lambda c: c[0] <= n, outer_body, (0, 0))[1]
print(jax.vmap(tri)(jnp.array([0, 1, 2, 3, 5])))
print(jax.jit(jax.vmap(newton))(jnp.array([4.0, 0.25])))
# vmap over a while loop whose cond reads an unbatched value and body a batched one (out_axes=1)
def walk(v):
    return lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0] + v, c[1] + 1), (jnp.zeros(2), 0))[0]
print(jax.vmap(walk, out_axes=1)(jnp.array([[1.0, 2.0], [3.0, 4.0], [0.5, 0.25]])))
