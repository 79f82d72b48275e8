# covers: jax.eval_shape: ShapeDtypeStruct and array inputs, pytree (tuple/dict/list) outputs, weak types from Python scalars, dtype changes, keyword arguments, eval_shape of grad/vmap/jit/scan, under jit; ShapeDtypeStruct's repr, attributes and equality; nothing runs (a debug print inside stays silent)
import jax
import jax.numpy as jnp
from jax import lax

S = jax.ShapeDtypeStruct
print(S((2, 3), jnp.float32), S((), 'int32'), S((4,), jnp.float16, weak_type=True))
s = S((2, 3), jnp.float32)
print(s.shape, s.dtype, s.ndim, s.size, len(s), s == S((2, 3), 'float32'), s == S((3, 2), jnp.float32))

def f(x, y):
    return (x @ y, {'sum': jnp.sum(x), 'cast': y.astype(jnp.int32)}, [x.T, x[0]])
print(jax.eval_shape(f, S((2, 3), jnp.float32), jnp.ones((3, 4))))
print(jax.eval_shape(lambda x: x * 2, 3.0))
print(jax.eval_shape(lambda x: x * 2, 3))
print(jax.eval_shape(lambda x: jnp.arange(5) + x, S((5,), jnp.int32)))
print(jax.eval_shape(lambda x, *, scale: x * scale, S((3,), jnp.float32), scale=2.0))
print(jax.eval_shape(lambda p: p['w'] @ p['b'], {'w': S((4, 5), jnp.float32), 'b': S((5,), jnp.float32)}))
print(jax.eval_shape(jax.grad(lambda w: jnp.sum(jnp.tanh(w) ** 2)), S((7, 2), jnp.float32)))
print(jax.eval_shape(jax.vmap(lambda v: jnp.outer(v, v)), S((6, 3), jnp.float32)))
print(jax.eval_shape(jax.jit(lambda a: jnp.concatenate([a, a])), S((2, 2), jnp.float32)))
print(jax.eval_shape(lambda xs: lax.scan(lambda c, x: (c + x, c * x), 0.0, xs), S((10,), jnp.float32)))

def noisy(x):
    jax.debug.print('this must not print {}', x)
    return x + 1
print(jax.eval_shape(noisy, S((2,), jnp.float32)))

@jax.jit
def inside(x):
    out = jax.eval_shape(lambda a: a.reshape(-1, 2), x)
    return jnp.zeros(out.shape, out.dtype) + out.size
print(inside(jnp.ones((3, 4))))
out = jax.eval_shape(lambda x: (x, x.sum(axis=0)), jnp.ones((5, 2), jnp.float32))
print([o.shape for o in out], [str(o.dtype) for o in out])
print(jax.tree_util.tree_map(lambda a: a.shape, jax.eval_shape(f, S((1, 2), jnp.float32), S((2, 2), jnp.float32))))
