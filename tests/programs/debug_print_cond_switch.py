# conform: sort-lines
# jax.debug.print only in the taken branch of cond/switch at run time.
import jax
import jax.numpy as jnp
from jax import lax

def pos(v):
    jax.debug.print("positive branch v={}", v)
    return v
def neg(v):
    jax.debug.print("negative branch v={}", v)
    return -v
f = jax.jit(lambda x: lax.cond(x > 0, pos, neg, x))
print(f(3.0), f(-2.0))
def b0(v):
    jax.debug.print("branch0 {}", v)
    return v + 1
def b1(v):
    jax.debug.print("branch1 {}", v)
    return v + 2
def b2(v):
    jax.debug.print("branch2 {}", v)
    return v + 3
g = jax.jit(lambda i, v: lax.switch(i, [b0, b1, b2], v))
print(g(0, 10), g(2, 20), g(9, 30))
