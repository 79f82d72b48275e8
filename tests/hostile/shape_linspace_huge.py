# linspace with 2**62 samples of float32: 2**64 bytes.
# hostile: error=ValueError line=5
import jax.numpy as jnp

print(jnp.linspace(0.0, 1.0, 2 ** 62)[:3])
