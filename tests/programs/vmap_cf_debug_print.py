# conform: sort-lines
# covers: jax.debug.print inside batched control flow prints once per lane (JAX's batching of debug
# callbacks): both branches of a cond with a batched predicate print for every lane, a while loop with
# a batched predicate prints every lane on every iteration (finished lanes too), a scan body prints per
# lane and step, a cond with an unbatched predicate prints only the taken branch; conds without outputs
import jax
import jax.numpy as jnp
from jax import lax

def f(v):
    def t(u):
        jax.debug.print("true {u}", u=u)
        return u * 2.0
    def e(u):
        jax.debug.print("false {u}", u=u)
        return -u
    return lax.cond(v > 1.0, t, e, v)
print(jax.vmap(f)(jnp.array([0.0, 2.0, 3.0])).tolist())

def g(v):
    def body(c):
        jax.debug.print("it {c}", c=c)
        return c + 1.0
    return lax.while_loop(lambda c: c < 3.0, body, v)
print(jax.vmap(g)(jnp.array([0.0, 2.0, 5.0])).tolist())

def h(v, p):
    def t(u):
        jax.debug.print("taken {u}", u=u)
        return u * 2.0
    def e(u):
        jax.debug.print("not taken {u}", u=u)
        return u
    return lax.cond(p, t, e, v)
print(jax.vmap(h, in_axes=(0, None))(jnp.array([0.0, 2.0, 3.0]), True).tolist())

def s(v):
    def step(c, x):
        jax.debug.print("step {c} {x}", c=c, x=x)
        return c + x, c
    return lax.scan(step, v, jnp.arange(2.0))[0]
print(jax.vmap(s)(jnp.array([0.0, 10.0])).tolist())

# a cond with no outputs (only prints), batched and unbatched predicate
def quiet(v):
    lax.cond(v > 1.0, lambda: jax.debug.print("big {v}", v=v), lambda: jax.debug.print("small {v}", v=v))
    return v * 2.0
print(jax.vmap(quiet)(jnp.array([0.0, 2.0])).tolist())
def quiet2(v, p):
    lax.cond(p, lambda: jax.debug.print("flag {v}", v=v), lambda: None)
    return v
print(jax.vmap(quiet2, in_axes=(0, None))(jnp.array([0.0, 2.0]), True).tolist())
