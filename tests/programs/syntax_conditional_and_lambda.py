# Conditional expressions, lambdas (defaults, closures, immediately applied), nesting.
import jax.numpy as jnp

sign = lambda v: 'neg' if v < 0 else ('zero' if v == 0 else 'pos')
print([sign(v) for v in (-2, 0, 3)])
add = lambda a, b=10: a + b
print(add(1), add(1, 2), add(b=5, a=1))
print((lambda x: x * x)(7))
compose = lambda f, g: lambda x: f(g(x))
inc = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc, dbl)(5), compose(dbl, inc)(5))
fs = [lambda x, k=k: x + k for k in range(3)]
print([f(10) for f in fs])
arr = jnp.arange(4.0)
print((lambda a: jnp.sum(a * a))(arr))
print(1 if arr[2] > 1 else 0, 'big' if jnp.max(arr) > 10 else 'small')
sq = lambda *xs: sum([x * x for x in xs])
print(sq(1, 2, 3))
