# Reductions that take the one-block kernels (runs of at least 1024: 256
# threads, a tree in shared memory with a barrier per level), sized so the
# schedules of tests/ptx/schedule_check.py reorder threads between barriers.
import jax
import jax.numpy as jnp


@jax.jit
def f(x, m):
    return (jnp.sum(x), jnp.max(x), jnp.min(-x), jnp.sum(x * x),
            jnp.sum(m, axis=1), jnp.max(m, axis=1), jnp.argmax(x))


x = jnp.sin(jnp.arange(4099, dtype=jnp.float32) * 0.37) * 3.0
m = jnp.cos(jnp.arange(4 * 2048, dtype=jnp.float32).reshape(4, 2048) * 0.11)
for v in f(x, m):
    print(v)
