# conform: error=ValueError line=7
# expect: or use 3 devices, which divide 6: jax.pmap(f, devices=jax.devices()[:3]) on x.reshape(3, 2, ...)
import jax
import jax.numpy as jnp

x = jnp.arange(6.0)
print(jax.pmap(lambda v: v * 2)(x))
