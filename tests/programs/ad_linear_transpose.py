# covers: jax.linear_transpose: elementwise scaling, reversal and slicing, matrix-vector products with a constant, sums/broadcasts, pytree inputs and outputs, ShapeDtypeStruct primals, integer-free linear control flow (scan, cond, fori_loop), gathers and scatter-add, transposing twice, under jit, and agreement with vjp
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(3.0)
ft = jax.linear_transpose(lambda v: 2.0 * v + v[::-1], jnp.ones(3))
print(ft(x))
A = jnp.array([[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0]])
mv = lambda v: A @ v
print(jax.linear_transpose(mv, jax.ShapeDtypeStruct((3,), jnp.float32))(jnp.array([1.0, -2.0])))
print(jax.linear_transpose(lambda m: m @ A.T, jnp.ones((4, 3)))(jnp.ones((4, 2))))
print(jax.linear_transpose(lambda a, b: {'s': a + b, 't': 3.0 * a}, 1.0, 2.0)({'s': 1.0, 't': 2.0}))
print(jax.linear_transpose(lambda p: jnp.sum(p['u']) * 2.0 - p['v'][1], {'u': jnp.ones(2), 'v': jnp.ones(3)})(1.5))
print(jax.linear_transpose(lambda v: jnp.broadcast_to(v, (2, 3)) / 4.0, jnp.ones(3))(jnp.ones((2, 3))))
print(jax.linear_transpose(lambda v: jnp.cumsum(v) + jnp.concatenate([v[1:], v[:1]]), x)(jnp.array([1.0, 0.0, 2.0])))
print(jax.linear_transpose(lambda v: v[jnp.array([0, 2, 2])], x)(jnp.array([1.0, 2.0, 3.0])))
print(jax.linear_transpose(lambda v: jnp.zeros(5).at[jnp.array([1, 1, 4])].add(v), x)(jnp.arange(5.0)))
print(jax.linear_transpose(lambda v: jnp.where(jnp.array([True, False, True]), v, 0.0), x)(jnp.ones(3)))

def rnn_linear(xs):
    def step(c, xi):
        c = 0.5 * c + xi
        return c, 2.0 * c
    return lax.scan(step, jnp.zeros(2), xs)
print(jax.linear_transpose(rnn_linear, jnp.ones((4, 2)))((jnp.ones(2), jnp.ones((4, 2)))))
print(jax.linear_transpose(lambda v: lax.cond(True, lambda a: a * 3.0, lambda a: -a, v), x)(jnp.ones(3)))
print(jax.linear_transpose(lambda v: lax.fori_loop(0, 3, lambda i, c: c * 0.5 + v, v), x)(jnp.ones(3)))

f = lambda v: jnp.stack([v[0] + v[1], 2.0 * v[2], -v[0]])
ft = jax.linear_transpose(f, x)
ftt = jax.linear_transpose(lambda c: ft(c)[0], x)
print(ftt(jnp.array([1.0, 2.0, 3.0])), f(jnp.array([1.0, 2.0, 3.0])))
print(jax.jit(lambda c: ft(c))(jnp.array([1.0, 0.5, 0.25])))
_, vjp = jax.vjp(f, x)
print(vjp(jnp.array([1.0, 0.5, 0.25])))
