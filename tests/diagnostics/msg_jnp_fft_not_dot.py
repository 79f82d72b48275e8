# conform: parax-only error=NotImplementedError line=5
# expect: parax does not support jnp.fft yet
import jax.numpy as jnp

print(jnp.fft.fft(jnp.arange(4.0)))
