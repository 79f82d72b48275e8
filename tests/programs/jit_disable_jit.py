# Under jax.disable_jit() jit/loop bodies run op by op on concrete values: Python if/print see real values.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x):
    print('inside f', x)
    if x.sum() > 2:
        return x * 2
    return x

with jax.disable_jit():
    print(f(jnp.arange(3.0)))
    print(f(jnp.ones(2)))
    def body(i, c):
        print('body', i, c)
        return c + i
    print(lax.fori_loop(0, 3, body, 0))
    print(lax.fori_loop(2, 0, body, 7))
    def step(c, x):
        print('scan', c, x)
        return c + x, c * 10
    carry, ys = lax.scan(step, 0, jnp.arange(3))
    print(carry, ys)
    print(lax.cond(jnp.array(True), lambda: 1, lambda: 2), lax.while_loop(lambda c: c < 3, lambda c: c + 1, 0))
    print(jax.pmap(lambda v: lax.psum(v * 2, 'i'), axis_name='i')(jnp.arange(4.0)))
