# Issue 12's last row: sharded random creation of a tensor larger than one
# device's memory budget (bench/run.py gives parax --device-memory 160MiB
# for this program: the float32[8192,8192] tensor is 256 MiB, a 64 MiB block
# per device on the 4-device mesh). Each device draws only its own rows from
# its own counters into the shard it keeps (one buffer per device, no
# stacked copy): the peak is one block. With --memcheck the measured
# per-device peak is shown beside the plan.
# bench: parax-args=--device-memory 160MiB
import time
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

reps = 5
mesh = jax.make_mesh((4,), ('x',))
key = jax.random.key(7)
with jax.set_mesh(mesh):
    make = lambda k: jax.random.normal(k, (8192, 8192), jnp.float32, out_sharding=P('x', None))
    t0 = time.perf_counter()
    r = jax.block_until_ready(make(key))
    print("RESULT compile_sharded_random_256mb", (time.perf_counter() - t0) * 1000.0)
    times = []
    for _ in range(reps):
        del r
        t0 = time.perf_counter()
        r = jax.block_until_ready(make(key))
        times.append(time.perf_counter() - t0)
    print("RESULT sharded_random_256mb", sorted(times)[reps // 2] * 1000.0)
print("CHECK", jax.typeof(r), [s.data.shape for s in r.addressable_shards])
print("CHECK", round(float(jax.jit(lambda a: jnp.mean(a * a))(r)), 2))
