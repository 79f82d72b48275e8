# conform: devices=4
# float64 / int64 through jit, pmap, lax.fori_loop / scan / while_loop / cond carries with x64.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import lax

def body(i, c):
    x, k = c
    return x * 1.0000001 + 1e-9 * i, k + i * 2**33
print(lax.fori_loop(0, 50, body, (jnp.float64(1.0), jnp.int64(0))))
print(jax.jit(lambda c: lax.fori_loop(0, 50, body, c))((jnp.float64(1.0), jnp.int64(0))))

def step(c, x):
    c = c * 0.5 + x
    return c, jnp.sin(c)
xs = jnp.linspace(0.0, 2.0, 9)
print(lax.scan(step, jnp.float64(0.0), xs))
print(jax.jit(lambda v: lax.scan(step, 0.0, v))(xs))

def newton(a):
    def cond(s):
        return jnp.abs(s[0] * s[0] - a) > 1e-14
    def bodyw(s):
        return ((s[0] + a / s[0]) / 2, s[1] + 1)
    return lax.while_loop(cond, bodyw, (a, 0))
print(newton(jnp.float64(2.0)), jax.jit(newton)(jnp.float64(10.0)))
print(jax.jit(lambda p, v: lax.cond(p, lambda t: t * 2.0, lambda t: t / 3.0, v))(True, jnp.float64(1 / 7)))

@jax.pmap
def per_device(v):
    return v * jnp.float64(1 / 3) + jnp.arange(3) * 2**40, jnp.sum(v)
print(per_device(jnp.arange(12.0).reshape(4, 3)))
f = jax.pmap(lambda v: lax.psum(v, "i") / 3, axis_name="i")
print(f(jnp.arange(8.0).reshape(4, 2) + 0.1))
g = jax.pmap(lambda v: (lax.pmax(v, "d"), lax.pmin(v, "d") * 2**35), axis_name="d")
print(g(jnp.arange(4) - 2))
print(jax.jit(lambda x: jnp.cumsum(x * 1e-3) @ x)(jnp.arange(10.0)))
