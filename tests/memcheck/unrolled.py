# A Python loop under jit keeps every iteration's 4 MiB result alive.
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    outs = []
    for i in range(6):
        outs.append(jnp.exp(x * i))
    return jnp.stack(outs).sum(0)

print(f(jnp.ones((1024, 1024))).sum())
