# Rank-0 values computed from device data stay on the device (one-element
# buffers, codegen/FusionPlan.h deviceScalars): a mean divides its sum in a
# kernel, a normalisation broadcasts its statistics from device memory, and
# the call still synchronises once and moves only its arguments and results.
# (Before: each such scalar was read back and written again, a sync each:
# mean 2 syncs, normalise 5, loss 3.)
# expect: mean syncs<=1 h2d=args d2h=results
# expect: normalise syncs<=1 h2d=args d2h=results
# expect: loss syncs<=1 h2d=args d2h=results
import jax
import jax.numpy as jnp
from jax import jit

x = jnp.sin(jnp.arange(300000.0, dtype=jnp.float32))
m = jnp.cos(jnp.arange(64.0 * 48.0, dtype=jnp.float32)).reshape(64, 48)


@jit
def mean(b):
    return (b * b).mean(), b.sum()


@jit
def normalise(a):
    mu = a.mean()
    sd = jnp.sqrt(((a - mu) ** 2).mean())
    return (a - mu) / (sd + 1e-6), jnp.max(a) - jnp.min(a)


@jit
def loss(a, b):
    err = a @ b.T - 1.0
    return 0.5 * jnp.mean(err * err) + 1e-3 * jnp.sum(a * a)


print(mean(x))
print(normalise(m)[0][:2, :3], normalise(m)[1])
print(loss(m, m * 0.5))
