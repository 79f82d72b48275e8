# Loops on the strict fake driver (tests/ptx/resident_check.py): a
# 1000-iteration fori_loop enqueues its iterations with no round trip to the
# host; the while_loop's counter is a host scalar, its array carry stays on the
# device (its initial counter, a literal, is still written from the host: 4 bytes).
# expect: scale launches>=1000 syncs<=1 h2d=args d2h=results
# expect: grow syncs<=1 d2h=results
import jax
import jax.numpy as jnp
from jax import jit, lax


@jit
def scale(x):
    return lax.fori_loop(0, 1000, lambda i, v: v * 0.999 + 1.0, x)


@jit
def grow(x):
    return lax.while_loop(lambda c: c[1] < 100,
                          lambda c: (c[0] * 1.01, c[1] + 1), (x, 0))


print(scale(jnp.ones(4096))[:4])
print(grow(jnp.ones(16)))
