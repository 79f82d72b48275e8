# Closures inside jit: capturing arrays and Python values, factories of jitted functions, jit of lambdas.
import jax
import jax.numpy as jnp

def make_affine(w, b):
    @jax.jit
    def f(x):
        return x * w + b
    return f

f1 = make_affine(2.0, 1.0)
f2 = make_affine(jnp.array([1.0, -1.0]), jnp.array(0.5))
print(f1(jnp.arange(3.0)), f2(jnp.array([3.0, 4.0])))
table = jnp.array([10, 20, 30, 40])
lookup = jax.jit(lambda i: table[i] + len(table))
print(lookup(2), lookup(-1), lookup(7))
counter = [0]
def bump(x):
    counter[0] += 1
    return x + counter[0]
jb = jax.jit(bump)
print(jb(1.0), jb(2.0), jb(jnp.ones(2)), counter)
def outer(n):
    def inner(x):
        return x ** n
    return jax.jit(inner)
print(outer(2)(3.0), outer(3)(2.0))
