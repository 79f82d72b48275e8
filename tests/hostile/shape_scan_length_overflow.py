# scan stacks 2**61 float32 outputs: 2**63 bytes, whose byte size wrapped negative.
# hostile: error=ValueError line=7
# hostile: timeout=30
import jax.numpy as jnp
from jax import lax

c, ys = lax.scan(lambda c, _: (c + 1.0, c), 0.0, None, length=2 ** 61)
print(ys.shape)
