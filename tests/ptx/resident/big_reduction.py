# A large reduction on the strict fake driver (tests/ptx/resident_check.py):
# it runs on at least one block per SM of the (fake, 132-SM) device, in two
# passes with a fixed order, and its scalar result stays on the device.
# expect: total maxgrid>=132 syncs<=1 h2d=args d2h=results
# expect: peak maxgrid>=132 syncs<=1 h2d=args d2h=results
# expect: halves maxgrid>=132 syncs<=1 h2d=args d2h=results
import jax.numpy as jnp
from jax import jit

x = jnp.sin(jnp.arange(1 << 20, dtype=jnp.float32) * 0.001)


@jit
def total(v):
    return v.sum()


@jit
def peak(v):
    return v.max()


@jit
def halves(v):
    return v.reshape(2, -1).sum(axis=1)


print(total(x), peak(x), halves(x))
