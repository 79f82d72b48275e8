# conform: error=ValueError line=7 devices=2
# Mapped axis of 4 on 2 devices.
import jax
import jax.numpy as jnp

print(jax.device_count())
print(jax.pmap(lambda v: v + 1)(jnp.ones((4, 3))))
