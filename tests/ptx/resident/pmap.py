# pmap on the strict fake driver (tests/ptx/resident_check.py), with 4
# logical devices on 4 fake GPUs and on 1: each device runs on its own
# stream; the devices' streams and the caller's are ordered by events, and
# psum/all_gather/ppermute of arrays run on the devices, so the whole call
# synchronises once (its download) and moves only its arguments and results.
# run: devices=4 fake-gpus=4,1
# expect: step syncs<=1 h2d=args d2h=results launches>=16
# expect: gather syncs<=1 h2d=args d2h=results
# expect: halo syncs<=1 h2d=args d2h=results
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
x = jnp.arange(n * 6.0).reshape(n, 6) / 7.0


def step(v):
    y = jnp.sin(v) * 2.0 + 1.0
    return lax.psum(y, 'i') - y


step = jax.pmap(step, axis_name='i')
perm = [(i, (i + 1) % n) for i in range(n)]


def gather(v):
    return lax.all_gather(v * 3.0, 'i')


def halo(v):
    return lax.ppermute(v, 'i', perm) + v


gather = jax.pmap(gather, axis_name='i')
halo = jax.pmap(halo, axis_name='i')
print(step(x))
print(gather(x))
print(halo(jnp.arange(n * 4, dtype=jnp.int32).reshape(n, 4)))
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(jnp.arange(n * 3, dtype=jnp.int32).reshape(n, 3)))
