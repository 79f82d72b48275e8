# *args in definitions, f(*xs) unpacking at call sites, mixing with defaults.
import jax.numpy as jnp

def total(*xs):
    return sum(xs), len(xs)
print(total(), total(1), total(1, 2, 3))

def head_rest(first, *rest):
    return first, rest
print(head_rest(1), head_rest(1, 2, 3))

def three(a, b, c):
    return a - b * c
args = [10, 2, 3]
print(three(*args), three(*(1, 2), 5), three(1, *[2, 3]))

def with_default(a, b=5, *more):
    return a + b + sum(more)
print(with_default(1), with_default(1, 1), with_default(1, 1, 1, 1))

def fwd(*a):
    return total(*a)
print(fwd(4, 5))
arrs = [jnp.ones(2), jnp.arange(2.0), jnp.full((2,), 3.0)]
print(jnp.stack(arrs), jnp.maximum(*arrs[:2]))
print(max(*[3, 9, 2]), min(*(4, 1)))
