# Seed 003, unsharded: the float32[131072, 65536] tensor (34 GB) does not fit
# one 32 GB device. parax stops before allocating and says which line to
# write (examples/seed003_sharded.py is the program with it):
#
#   parax check --devices 4 --device-memory 32480MiB examples/seed003_unsharded.py
#   error: RESOURCE_EXHAUSTED: eager allocation of 32.00 GiB for uint32[131072,65536] on
#     device 0 exceeds its memory: ...; the 4 devices together hold 126.88 GiB and could
#     hold it as 4 shards of uint32[32768,65536] (8.00 GiB each)
#   hint: create it sharded over the devices: after jax.set_mesh(jax.make_mesh((4,), ('x',)))
#     pass out_sharding=P('x', None) to the call that makes it ...
import jax
import jax.numpy as jnp

key = jax.random.key(0)
w = jax.random.uniform(key, (131072, 65536), jnp.float32)
print(jax.typeof(w))
