# fori_loop: accumulation, index use, pytree carries, float and int carries, nested loops.
import jax
import jax.numpy as jnp
from jax import lax

print(lax.fori_loop(0, 10, lambda i, acc: acc + i, 0))
print(lax.fori_loop(1, 6, lambda i, acc: acc * i, 1))
print(lax.fori_loop(0, 5, lambda i, x: x * 0.5, 32.0))

def body(i, carry):
    total, squares = carry
    return total + i, squares.at[i].set(i * i)
print(lax.fori_loop(0, 5, body, (0, jnp.zeros(5, dtype=jnp.int32))))

def fib_body(i, ab):
    a, b = ab
    return b, a + b
print(lax.fori_loop(0, 30, fib_body, (0, 1)))

def outer(i, acc):
    return lax.fori_loop(0, i, lambda j, a: a + j, acc)
print(lax.fori_loop(0, 5, outer, 0))
print(lax.fori_loop(3, 7, lambda i, d: {'n': d['n'] + 1, 's': d['s'] + i}, {'n': 0, 's': 0}))
print(jax.jit(lambda x: lax.fori_loop(0, 3, lambda i, v: v @ x, jnp.eye(2)))(jnp.array([[1.0, 1.0], [0.0, 1.0]])))
