# An endless while_loop nested in a fori_loop nested in a cond: the inner loop polls too.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=9
# hostile: timeout=30
import jax
from jax import lax
import jax.numpy as jnp

inner = lambda v: lax.while_loop(lambda c: jnp.sum(c) >= 0.0, lambda c: c + 1.0, v)
outer = lambda x: lax.fori_loop(0, 3, lambda i, c: inner(c), x)
prog = jax.jit(lambda x: lax.cond(x[0] > -1.0, outer, lambda v: v, x))
print(prog(jnp.zeros(8)))
