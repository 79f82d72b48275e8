# broadcast_to a shape whose byte size passes int64 (the element count alone fits).
# hostile: error=ValueError line=6
import jax.numpy as jnp

x = jnp.ones(3, dtype=jnp.float32)
y = jnp.broadcast_to(x, (2 ** 30, 2 ** 31, 3))
print(y[0, 0])
