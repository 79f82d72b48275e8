# Python print inside jit shows tracers (JitTracer forms, ~ marks weak types); shapes and dtypes are concrete.
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x, y, z):
    print('x:', x)
    print('y:', y)
    print('z:', z)
    print('x*2.0:', x * 2.0, 'y+1:', y + 1, 'sum:', jnp.sum(x))
    print('meta:', x.shape, x.dtype, x.ndim, y.shape)
    return x

f(jnp.arange(3), 2, jnp.ones((2, 2)))
f(jnp.arange(3), 2.5, jnp.ones((2, 2), dtype=jnp.bfloat16))
jax.jit(lambda b: print('bool:', b, b > 0))(jnp.array([True, False]))
jax.pmap(lambda v: print('pmap:', v, v[0]))(jnp.ones((jax.device_count(), 3)))
