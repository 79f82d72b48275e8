# Implicit line joining inside brackets, backslash continuation, comments in odd places.
import jax.numpy as jnp

total = (1 +
         2 +   # comment inside parens
         3)
items = [
    10,
    20,
    30,   # trailing comma
]
d = {
    'a': 1,
    'b': 2
}
value = 4 + \
    5 + \
    6
arr = jnp.array([[1, 2],
                 [3, 4]])
print(total, items, d['a'] + d['b'], value)
print(arr.sum(
    axis=0
))
def f(a,
      b=2,
      *rest):
    return a + b + len(rest)
print(f(1,
        10,
        'x', 'y'))
t = 1, \
    2
print(t)
