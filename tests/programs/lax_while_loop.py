# while_loop: counting, pytree state, zero iterations, data-dependent trip counts under jit.
import jax
import jax.numpy as jnp
from jax import lax

print(lax.while_loop(lambda c: c < 10, lambda c: c + 3, 0))
print(lax.while_loop(lambda c: c < 0, lambda c: c + 1, 5))
def gcd(a, b):
    def body(s):
        x, y = s
        return y, x % y
    return lax.while_loop(lambda s: s[1] != 0, body, (a, b))[0]
print(gcd(48, 18), jax.jit(gcd)(1071, 462))
def newton_sqrt(v):
    def cond(s):
        x, it = s
        return (jnp.abs(x * x - v) > 1e-4) & (it < 50)
    def body(s):
        x, it = s
        return 0.5 * (x + v / x), it + 1
    return lax.while_loop(cond, body, (v, 0))
print(jax.jit(newton_sqrt)(2.0), jax.jit(newton_sqrt)(100.0))
state = {'k': 0, 'acc': jnp.zeros(3)}
print(lax.while_loop(lambda s: s['k'] < 3, lambda s: {'k': s['k'] + 1, 'acc': s['acc'].at[s['k']].set(s['k'] * 1.5)}, state))
print((lax.while_loop(lambda c: c < 5.0, lambda c: c + 1, 0),))
