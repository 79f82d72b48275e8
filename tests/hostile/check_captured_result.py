# A jit result captured by another jit function (a global) becomes an input of
# that program's plan; eager code and lax loops on abstract values keep working.
# hostile: subcommand=check
# hostile: exit=0
# hostile: expect=program jit(apply)
# hostile: expect=program fori_loop
# hostile: expect=(8, 1024) (1024,)
# hostile: expect=check_captured_result.py:31:5: note: parax check stops here
# hostile: reject=[[
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def init(n):
    return jnp.ones((1024, 1024)) * n


w = init(3.0)


@jax.jit
def apply(x):
    return x @ w


a = apply(jnp.ones((8, 1024)))
b = lax.fori_loop(0, 10, lambda i, c: c + w[0], a)
print(b.shape, jnp.where(b > 0, b, 0.0)[0].shape)
n = int(b[0, 0])
print(a)
