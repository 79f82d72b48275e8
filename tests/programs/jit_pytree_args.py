# Pytree arguments and results in jit: tuples, lists, dicts, nested, None leaves, Python scalars as weak.
import jax
import jax.numpy as jnp

@jax.jit
def combine(params, x):
    w, b = params['w'], params['b']
    hidden = [x * w, x + b]
    return {'sum': hidden[0] + hidden[1], 'parts': tuple(hidden), 'none': None}

p = {'w': jnp.array([1.0, 2.0]), 'b': 0.5}
out = combine(p, jnp.array([3.0, 4.0]))
print(out['sum'], out['parts'][0], out['parts'][1], out['none'])
print(out)
@jax.jit
def swap(t):
    a, (b, c) = t
    return (c, b), a
print(swap((1, (2.0, jnp.arange(2)))))
@jax.jit
def lens(xs):
    return [x.shape[0] for x in xs], sum([x.sum() for x in xs])
print(lens([jnp.ones(2), jnp.ones(3), jnp.arange(4)]))
print(jax.jit(lambda: (1, 2.5, True))())
