# jnp.linspace(..., retstep=True) returns (samples, step).
import jax.numpy as jnp

xs, step = jnp.linspace(0, 1, 4, retstep=True)
print(xs, step)
ys, st = jnp.linspace(2.0, 3.0, 5, endpoint=False, retstep=True)
print(ys, st)
