# conform: sort-lines
# jax.debug.print in fori_loop/scan/while_loop bodies prints once per iteration at run time.
import jax
import jax.numpy as jnp
from jax import lax

def body(i, c):
    jax.debug.print("fori i={i} c={c}", i=i, c=c)
    return c * 2
print(lax.fori_loop(0, 3, body, 1.0))
print(jax.jit(lambda n: lax.fori_loop(0, n, body, 5.0))(2))
print(jax.jit(lambda: lax.fori_loop(0, 0, body, 9.0))())

def sbody(c, x):
    jax.debug.print("scan c={} x={}", c, x)
    return c + x, c
print(lax.scan(sbody, 0, jnp.arange(1, 4), reverse=True))

def cnd(c):
    jax.debug.print("while-cond c={}", c)
    return c < 3
def wbody(c):
    jax.debug.print("while-body c={}", c)
    return c + 1
print(lax.while_loop(cnd, wbody, 0))
