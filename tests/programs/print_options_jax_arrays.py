# covers: np.set_printoptions / np.printoptions govern how JAX arrays print too (str, repr, f-strings, debug.print), as print(x) is str(np.asarray(x)) in JAX
# conform: exact
import numpy as np
import jax
import jax.numpy as jnp

x = jnp.array([1.123456, 2.5e-5, 3.0, -4.75])
print(x)
np.set_printoptions(precision=3, suppress=True)
print(x)
print(repr(x))
print(f"{x}")
with np.printoptions(threshold=5, edgeitems=1):
    print(jnp.arange(10))
    print(repr(jnp.arange(10.0)))
    print(jnp.arange(24).reshape(4, 6))
with np.printoptions(sign='+', floatmode='fixed', precision=2):
    print(x, jnp.array([1, -2, 3]))
    print(repr(jnp.array([[0.5, -1.0], [2.0, 3.25]])))
with np.printoptions(linewidth=30):
    print(jnp.linspace(0, 1, 9))
    print(repr(jnp.linspace(0, 1, 9)))
with np.printoptions(sign=' '):
    print(jnp.array([1.5, 2.5]), jnp.array([True, False]))
np.set_printoptions(precision=8, suppress=False)
print(jnp.linspace(0, 1, 7))
print(jnp.array(2.5), jnp.float32(0.1), repr(jnp.array(3, dtype=jnp.int8)))
@jax.jit
def f(v):
    jax.debug.print("v = {}", v)
    return v * 2
with np.printoptions(precision=2):
    f(jnp.array([1.0 / 3, 2.0 / 3])).block_until_ready()
