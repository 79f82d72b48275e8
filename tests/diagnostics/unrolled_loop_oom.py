# conform: parax-only error=RESOURCE_EXHAUSTED line=22 parax-args=--device-memory 48MiB
# expect: a Python loop is unrolled
# expect: lax.fori_loop
# expect: x 8.00 MiB  float32[1448,1448] from tanh
import jax
import jax.numpy as jnp

def expensive(v):
    return jnp.tanh(jnp.outer(v, v))

def per_device(cases):
    outs = []
    for i in range(cases.shape[0]):
        outs.append(expensive(cases[i]))
    total = outs[0]
    for o in outs[1:]:
        total = total + o
    # Each case is read twice, so even a fusing backend stores all of them.
    return total.sum() + sum(o.max() for o in outs)

x = jnp.ones((jax.device_count(), 8, 1448)) * 0.1
print(jax.pmap(per_device)(x))
