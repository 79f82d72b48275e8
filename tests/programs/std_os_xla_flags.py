# conform: devices=2
# conform: parax-args=--backend cpu
# (XLA_FLAGS sets the host platform's device count: a CPU-backend behaviour)
import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
import jax
import jax.numpy as jnp

print(jax.device_count(), jax.local_device_count(), len(jax.devices()))
x = jnp.arange(16.0).reshape(8, 2)
print(jax.pmap(lambda v: v.sum())(x))
print(jax.pmap(lambda v: jax.lax.psum(v, "i"), axis_name="i")(jnp.ones(8)))
