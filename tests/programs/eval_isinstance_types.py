# isinstance on Python values, tuples of types, bool as int, None checks.
import jax.numpy as jnp

vals = [1, 2.5, True, 'a', None, (1,), [1], {'k': 1}]
print([isinstance(v, int) for v in vals])
print([isinstance(v, float) for v in vals])
print([isinstance(v, (tuple, list)) for v in vals])
print([isinstance(v, str) for v in vals], [isinstance(v, dict) for v in vals])
print([isinstance(v, bool) for v in vals])
print(isinstance(3, (float, int)), isinstance(3, (float, str)))
def describe(v):
    if isinstance(v, bool):
        return 'bool'
    if isinstance(v, int):
        return 'int'
    if isinstance(v, float):
        return 'float'
    if v is None:
        return 'none'
    return 'other'
print([describe(v) for v in vals])
print(isinstance(jnp.arange(3).shape, tuple), isinstance(jnp.arange(3).shape[0], int), isinstance(jnp.arange(3).ndim, int))
