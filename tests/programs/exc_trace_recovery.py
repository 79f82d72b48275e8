# conform: devices=4
# Errors caught while a jit/pmap body is being traced leave no half-built
# loop or branch behind: the trace goes on and the program compiles; errors
# caught outside leave jit, pmap and the loops usable.
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def pick(x):
    try:
        r = lax.cond(x.sum() > 0, lambda v: v + 1, lambda v: jnp.ones(5), x)
    except TypeError:
        r = lax.cond(x.sum() > 0, lambda v: v + 1, lambda v: v - 1, x)
    return r


print(pick(jnp.ones(3)), pick(-jnp.ones(3)))


@jax.jit
def loops(x):
    try:
        x = lax.fori_loop(0, 3, lambda i, c: c + jnp.ones(7), x)
    except (TypeError, ValueError):
        x = lax.fori_loop(0, 3, lambda i, c: c + 1.0, x)
    try:
        c, ys = lax.scan(lambda c, v: (c + v, jnp.ones(2) + jnp.ones(3)), 0.0, x)
    except TypeError:
        c, ys = lax.scan(lambda c, v: (c + v, c), 0.0, x)
    try:
        w = lax.while_loop(lambda c: c < 10, lambda c: c + jnp.ones(2), 0.0)
    except TypeError:
        w = lax.while_loop(lambda c: c < 10, lambda c: c + 3.0, 0.0)
    return c, ys, w


print(loops(jnp.arange(3.0)))


@jax.jit
def inner(x):
    raise ValueError("inner fails at trace time")


@jax.jit
def outer(x):
    try:
        return inner(x)
    except ValueError as e:
        return x + 100


print(outer(jnp.ones(2)))


def per_device(x):
    try:
        return x.reshape(2, 2).sum(axis=0)
    except (TypeError, ValueError):
        return jnp.concatenate([x, x])


print(jax.pmap(per_device)(jnp.arange(8.0).reshape(4, 2)))
try:
    jax.pmap(lambda x: x + jnp.ones(3))(jnp.ones((4, 2)))
except (TypeError, ValueError) as e:
    print("pmap body failed:", type(e).__name__)
print(jax.pmap(lambda x: x * 2)(jnp.arange(4.0)))


def body(i, c):
    if i > 2:
        c = c + 1
    return c


for _ in range(2):
    try:
        lax.fori_loop(0, 5, body, 0.0)
    except jax.errors.TracerBoolConversionError:
        print("fori body needs lax.cond")
print(lax.fori_loop(0, 5, lambda i, c: c + i, 0.0))
