# Host reads inside a program (tests/ptx/resident_check.py): debug prints and
# a scalar carry the host loop needs are explicit transfers; results must still
# equal the interpreter's and nothing may touch device memory from the host.
import jax
import jax.numpy as jnp
from jax import jit, lax


@jit
def printed(x):
    y = x * 3.0
    jax.debug.print("y0={}", y[0])
    return y.sum()


@jit
def carried(x):
    def body(i, c):
        v, s = c
        v = v * 0.5 + 1.0
        return v, s + v.sum()
    return lax.fori_loop(0, 50, body, (x, 0.0))


print(printed(jnp.arange(10.0)))
print(carried(jnp.ones(64))[1])
