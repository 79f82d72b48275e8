# Issue 12's rows: a 2-D-mesh shard_map matmul (x split rows x columns,
# local matmul + psum over the contracting axis), a sharded elementwise +
# reduction pipeline under jit (Explicit mode: the row split is kept, the
# reduction over it gathers), and sharded random creation (each device draws
# its own block). Steady-state medians; compile_* rows time the first call.
import time
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

reps = 7
mesh = jax.make_mesh((2, 2), ('a', 'b'))


def timed(name, f, *args):
    t0 = time.perf_counter()
    jax.block_until_ready(f(*args))
    print("RESULT compile_" + name, (time.perf_counter() - t0) * 1000.0)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = f(*args)
        jax.block_until_ready(out)
        times.append(time.perf_counter() - t0)
    print("RESULT " + name, sorted(times)[reps // 2] * 1000.0)
    return out


x = jax.device_put(jnp.sin(jnp.arange(512 * 512, dtype=jnp.float32)).reshape(512, 512),
                   NamedSharding(mesh, P('a', 'b')))
w = jax.device_put(jnp.cos(jnp.arange(512 * 256, dtype=jnp.float32)).reshape(512, 256),
                   NamedSharding(mesh, P('b', None)))
smap_matmul = jax.jit(jax.shard_map(lambda xb, wb: lax.psum(xb @ wb, 'b'), mesh=mesh,
                                    in_specs=(P('a', 'b'), P('b', None)), out_specs=P('a', None)))
z = timed("smap_matmul_2d_512", smap_matmul, x, w)
print("CHECK", round(float(jnp.sum(z)), 1))

a = jax.device_put(jnp.cos(jnp.arange(1024 * 1024, dtype=jnp.float32)).reshape(1024, 1024),
                   NamedSharding(mesh, P('a', None)))


@jax.jit
def pipeline(v):
    y = jnp.tanh(v * 1.5 + 0.25) * jnp.exp(-v * v)
    return jnp.sum(y, axis=1), jnp.max(y, axis=0)


rows, cols = timed("sharded_pipeline_1m", pipeline, a)
print("CHECK", round(float(jnp.sum(rows)), 2), round(float(jnp.sum(cols)), 2))

key = jax.random.key(0)
with jax.set_mesh(mesh):
    make = lambda k: jax.random.uniform(k, (1024, 1024), out_sharding=P('a', 'b'))
    r = timed("sharded_random_1m", make, key)
print("CHECK", round(float(jnp.mean(r)), 4))
