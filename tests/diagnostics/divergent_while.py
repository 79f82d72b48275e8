# conform: parax-only error=DivergentCollectiveError line=10
# expect: lax.while_loop whose condition
# expect: lax.psum
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    def body(c):
        return c + lax.psum(1.0, 'i') * lax.psum(c, 'i')
    return lax.while_loop(lambda c: c < 10.0 + lax.axis_index('i'), body, x)

print(jax.pmap(f, axis_name='i')(jnp.arange(4.0)))
