# A 100,000-deep list passed to a jitted function: RecursionError while the
# arguments are flattened.
# hostile: error=RecursionError line=12
import jax
import jax.numpy as jnp

a = jnp.ones(3)
for i in range(100000):
    a = [a]
f = jax.jit(lambda x: 1)
print(f([[jnp.ones(3)]]))
print(f(a))
