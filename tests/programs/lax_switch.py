# switch: index selects a branch; out-of-range indices clamp to the first/last branch; operands and pytrees.
import jax
import jax.numpy as jnp
from jax import lax

branches = [lambda x: x + 1, lambda x: x * 10, lambda x: -x]
print([int(lax.switch(i, branches, 5)) for i in range(-2, 6)])
sw = jax.jit(lambda i, x: lax.switch(i, branches, x))
print(sw(0, 2.0), sw(1, 2.0), sw(2, 2.0), sw(7, 2.0), sw(-3, 2.0))
print(lax.switch(1, [lambda: jnp.zeros(2), lambda: jnp.ones(2)]))
print(lax.switch(jnp.array(0), [lambda a, b: (a, b), lambda a, b: (b, a)], 1, 2))
print(lax.switch(5, [lambda d: d['x'] * 2], {'x': jnp.arange(3)}))
ops = [jnp.sin, jnp.cos, jnp.tanh]
print(jax.jit(lambda k: lax.switch(k, ops, 0.0))(1))
print(lax.switch(jnp.uint8(2), branches, 4), lax.switch(jnp.int32(-1), branches, 4))
