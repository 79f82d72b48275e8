# Seed variant: shape checks with sharded and replicated inputs, axis_index offsets, out_axes.
import jax
import jax.numpy as jnp
from jax import pmap, lax

num_devices = jax.device_count()
sharded_data = jnp.arange(num_devices * 6).reshape((num_devices, 6))
replicated_data = jnp.array([0.5, 2.0, -1.0, 1.0, 0.0, 3.0])

def my_func(x, y):
    return x * y + lax.axis_index('batch')

pmapped_func = pmap(my_func, in_axes=(0, None), out_axes=0, axis_name='batch')
print("sharded:", sharded_data.shape, "replicated:", replicated_data.shape)
output = pmapped_func(sharded_data, replicated_data)
print("output:", output.shape, output.dtype)
print(output[num_devices - 1])
output_t = pmap(my_func, in_axes=(0, None), out_axes=1, axis_name='batch')(sharded_data, replicated_data)
print(output_t.shape, output_t[:, 0])
