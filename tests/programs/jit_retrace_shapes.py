# A jitted function retraces for each new abstract signature (shape/dtype/static/pytree); Python print runs only at trace time.
import jax
import jax.numpy as jnp

def f(x):
    print('tracing with', x.shape, x.dtype)
    return x * 2

jf = jax.jit(f)
print(jf(jnp.arange(3)))
print(jf(jnp.arange(3) + 10))
print(jf(jnp.arange(4)))
print(jf(jnp.arange(3.0)))
print(jf(jnp.arange(3)))
print(jf(jnp.ones((2, 2), dtype=jnp.uint8)))

def g(p):
    print('tracing pytree', len(p))
    return p[0] + p[-1]

jg = jax.jit(g)
print(jg((1.0, 2.0)), jg((3.0, 4.0)), jg((1.0, 2.0, 3.0)), jg([jnp.ones(2), jnp.zeros(2)]))

def h(x, y):
    print('tracing h', x.dtype, y.dtype)
    return x + y
jh = jax.jit(h)
print(jh(1, 2), jh(3, 4), jh(1.0, 2), jh(jnp.int32(1), 2))
