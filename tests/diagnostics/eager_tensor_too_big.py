# conform: parax-only error=RESOURCE_EXHAUSTED line=6 parax-args=--device-memory 1MiB
# expect: eager allocation of
import jax
import jax.numpy as jnp

w = jnp.ones((1000, 1000))
print(w.sum())
