# covers: reverse and forward mode through lax.cond/switch/select, fori_loop with static bounds, scan (reverse=True, ys, consts captured by the body), nested loops, while_loop forward mode, grad of grad through a scan, jit(grad(scan))
import jax
import jax.numpy as jnp
from jax import lax

def piecewise(x):
    return lax.switch(jnp.clip(jnp.floor(x).astype(jnp.int32), 0, 2),
                      [lambda v: v * v, lambda v: jnp.sin(v), lambda v: 3.0 * v], x)
for v in [0.5, 1.5, 2.5, 7.0]:
    print(v, jax.grad(piecewise)(v), jax.jvp(piecewise, (v,), (2.0,))[1])

w = jnp.array([0.5, -0.25, 1.5])
def poly(x):
    # fori_loop with Python-int bounds; the body captures w
    def body(i, c):
        return c * x + w[i]
    return lax.fori_loop(0, 3, body, 0.0)
print(poly(2.0), jax.grad(poly)(2.0), jax.grad(jax.grad(poly))(2.0))
print(jax.grad(lambda w_: lax.fori_loop(0, 3, lambda i, c: c * 2.0 + w_[i], 0.0))(w))
print(jax.jvp(poly, (2.0,), (1.0,)))

def power_iter(A, v):
    def body(i, v):
        v = A @ v
        return v / jnp.linalg.norm(v)
    return lax.fori_loop(0, 5, body, v)
A = jnp.array([[2.0, 0.5], [0.5, 1.0]])
print(jax.grad(lambda A: jnp.sum(power_iter(A, jnp.array([1.0, 0.0]))))(A))

def cumulative(xs, reverse):
    def step(c, x):
        c = c * 0.9 + jnp.sin(x)
        return c, c * x
    c, ys = lax.scan(step, 0.0, xs, reverse=reverse)
    return c + jnp.sum(ys ** 2)
xs = jnp.linspace(0.0, 1.0, 6)
for r in [False, True]:
    print(r, cumulative(xs, r), jax.grad(cumulative)(xs, r))
    print(jax.jvp(lambda v: cumulative(v, r), (xs,), (jnp.ones(6),))[1])

def two_carries(params, xs):
    a, b = params
    def step(carry, x):
        h, s = carry
        h = jnp.tanh(a * h + b * x)
        return (h, s + jnp.sum(h)), h * 2.0
    (h, s), ys = lax.scan(step, (jnp.zeros(2), 0.0), xs)
    return jnp.sum(h) + jnp.sum(s) + jnp.sum(ys)
xs2 = jnp.arange(8.0).reshape(4, 2) / 8.0
print(jax.grad(two_carries)((0.7, jnp.array([0.3, -0.2])), xs2))
print(jax.jit(jax.grad(two_carries, argnums=1))((0.7, jnp.array([0.3, -0.2])), xs2))

def nested(x):
    def outer(i, c):
        c2, _ = lax.scan(lambda d, y: (d * y + x, None), c, jnp.array([1.0, 0.5]))
        return c2
    return lax.fori_loop(0, 2, outer, x)
print(nested(0.3), jax.grad(nested)(0.3))
print(jax.grad(jax.grad(lambda x: cumulative(x * jnp.ones(3), False)))(0.4))

def collatz_like(x):
    return lax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] * 1.5 + x), (0, x))[1]
print(collatz_like(1.0), jax.jvp(collatz_like, (1.0,), (1.0,)))
print(jax.jacfwd(collatz_like)(2.0))

def sel(x):
    return jnp.sum(lax.select(x > 0.0, jnp.exp(x), x * x))
print(jax.grad(sel)(jnp.array([-1.0, 0.5, 2.0])))
print(jax.grad(lambda x: lax.cond(True, lambda: x * 3.0, lambda: x))(1.0))
# side effects in a differentiated loop body happen once per iteration (not again in the backward pass)
def printing(x):
    def body(c, _):
        jax.debug.print("c={c}", c=c)
        return c * x, None
    return lax.scan(body, 1.0, None, length=2)[0]
print(jax.grad(printing)(2.0))
print(jax.grad(lambda x: lax.cond(x > 0, lambda v: (jax.debug.print("b {v}", v=v), v * v)[1], lambda v: v, x))(3.0))
