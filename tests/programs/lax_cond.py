# cond: Python bool / int / traced predicates, operand pytrees, zero operands, multiple operands, weak types.
import jax
import jax.numpy as jnp
from jax import lax

print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, 10), lax.cond(False, lambda x: x + 1, lambda x: x - 1, 10))
print(lax.cond(2, lambda: 1.0, lambda: 2.0), lax.cond(0, lambda: 1.0, lambda: 2.0))
f = jax.jit(lambda p, x: lax.cond(p > 0, lambda v: v * 2, lambda v: -v, x))
print(f(1, jnp.arange(3.0)), f(-1, jnp.arange(3.0)))
def tree_branch(pred, tree):
    return lax.cond(pred, lambda t: {'a': t['a'] + 1, 'b': (t['b'][0] * 2, t['b'][1])},
                    lambda t: {'a': t['a'] - 1, 'b': (t['b'][0], t['b'][1] * 2)}, tree)
print(tree_branch(True, {'a': 1, 'b': (2.0, jnp.ones(2))}))
print(tree_branch(jnp.array(False), {'a': 1, 'b': (2.0, jnp.ones(2))}))
print(lax.cond(jnp.array(1.5), lambda a, b: a * b, lambda a, b: a + b, 3, 4))
print((lax.cond(True, lambda: 1.0, lambda: jnp.float32(2.0)),), (lax.cond(True, lambda: 1, lambda: 2),))
g = jax.jit(lambda x: lax.cond(x.sum() > 3, lambda y: (y, y.sum()), lambda y: (y * 0, y.max()), x))
print(g(jnp.array([1.0, 2.0])), g(jnp.array([3.0, 4.0])))
