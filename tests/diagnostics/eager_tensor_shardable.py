# conform: parax-only error=RESOURCE_EXHAUSTED line=8 parax-args=--device-memory 10MiB
# expect: could hold it as 4 shards
# expect: out_sharding=P('x', None)
import jax
import jax.numpy as jnp

n = jax.device_count()
w = jnp.zeros((4096, 1024), dtype=jnp.float32)
print(w.shape)
