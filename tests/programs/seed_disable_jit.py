# Seed variant: the fori_loop and scan programs under jax.disable_jit() give the same answers.
import jax
import jax.numpy as jnp
from jax import pmap

inputs = jnp.arange(8 * 10, dtype=jnp.float32).reshape(8, 10)

def expensive_func(inp):
    return jnp.sum(inp ** 2)

def with_fori(local_inputs):
    return jax.lax.fori_loop(0, local_inputs.shape[0], lambda i, a: a + expensive_func(local_inputs[i]), 0.0)

def with_scan(local_inputs):
    return jax.lax.scan(lambda a, inp: (a + expensive_func(inp), None), 0.0, local_inputs)[0]

sharded = inputs.reshape(jax.device_count(), -1, 10)
print(pmap(with_fori)(sharded), pmap(with_scan)(sharded))
with jax.disable_jit():
    a = pmap(with_fori)(sharded)
    b = pmap(with_scan)(sharded)
    c = jax.jit(lambda x: x * 2)(jnp.arange(3))
print(a, b, c)
print(jnp.sum(a), jnp.sum(b))
