# pmap collectives through NCCL on the strict fake (tests/ptx/resident_check.py):
# one logical device per fake GPU, the fake's in-process NCCL (ncclCommInitAll
# once, ncclAllReduce / ncclAllGather per collective on each device's stream).
# Float pmax/pmin and float16 sums, which the devices' own combine kernels do
# not cover, stay on the devices too; every call synchronises once and moves
# only its arguments and results. The same program on one fake GPU (four
# streams) runs the devices' own collectives: no NCCL there.
# run: devices=4 fake-gpus=4 nccl
# expect: step syncs<=1 h2d=args d2h=results nccl=4
# expect: extremes syncs<=1 h2d=args d2h=results nccl=8
# expect: gather syncs<=1 h2d=args d2h=results nccl=8
# expect: halves syncs<=1 h2d=args d2h=results nccl=4
import jax
import jax.numpy as jnp
from jax import lax

n = jax.device_count()
x = jnp.arange(n * 6.0).reshape(n, 6) / 7.0 - 1.0


def step(v):
    y = jnp.sin(v) * 2.0 + 1.0
    return lax.psum(y, 'i') - y


def extremes(v):
    return lax.pmax(v * v, 'i'), lax.pmin(jnp.cos(v), 'i')


def gather(v):
    m = v.reshape(2, 3)
    return lax.all_gather(m, 'i'), lax.all_gather(m * 2.0, 'i', axis=1, tiled=True)


def halves(v):
    return lax.psum(v.astype(jnp.float16) * 0.5, 'i')


for f in (step, extremes, gather, halves):
    print(jax.pmap(f, axis_name='i')(x))
print(jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')(jnp.arange(n * 3, dtype=jnp.int32).reshape(n, 3)))
