# Seed variant: per-device fori_loop accumulation followed by psum, with and without jit around pmap.
import jax
import jax.numpy as jnp
from jax import pmap, lax

def local_then_global(local_inputs):
    def body(i, accum):
        return accum + jnp.sum(local_inputs[i] ** 2)
    local = lax.fori_loop(0, local_inputs.shape[0], body, 0.0)
    return lax.psum(local, 'devices'), local

f = pmap(local_then_global, axis_name='devices')
D = jax.device_count()
inputs = jnp.arange(8 * 10, dtype=jnp.float32).reshape(D, -1, 10)
total, local = f(inputs)
print(total)
print(local)
print(jnp.sum(local) == total[0])
