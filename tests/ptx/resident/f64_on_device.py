# float64 reductions, arg-reductions, scans and scatters run on the device, not the host
# kernels: each call moves only its arguments up and its results down, and
# synchronises once (codegen/ReduceCombiner.h combines float64, flushing
# denormals as the CPU's kernels do). A long sum takes the two-pass
# multi-block reduction. (A mean would divide its sum on the host: the
# scalar round trip docs/cuda.md lists, float32 too.)
# expect: reds syncs<=1 h2d=args d2h=results launches>=9 maxgrid>=64
# expect: scans syncs<=1 h2d=args d2h=results launches>=5
# expect: scatters syncs<=1 h2d=args d2h=results launches>=5
import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import jit

x = jnp.arange(600.0).reshape(20, 30) / 7.0 - 40.0
big = jnp.arange(300000.0) * 1e-3


@jit
def reds(a, b):
    return (a.sum(), a.sum(axis=0), a.max(axis=1), a.min(),
            jnp.prod(a[:2, :5] * 0.01 + 1.0, axis=1), b.sum(), b.max(), (b * b).sum(),
            jnp.sum(b.reshape(300, 1000), axis=1), jnp.argmax(a, axis=1), jnp.argmin(b))


@jit
def scans(a):
    return (jnp.cumsum(a, axis=1), jnp.cumprod(a[:3] * 0.01 + 1.0, axis=0),
            jax.lax.cummax(a, axis=0), jax.lax.cummin(a, axis=1, reverse=True),
            jnp.cumsum(a.ravel() * 1e-300 * 1e-10))


idx = jnp.array([3, 1, 3, 0, 19, 3, -1])


@jit
def scatters(a, i):
    u = jnp.arange(7.0 * 30).reshape(7, 30) / 3.0 - 20.0
    return (a.at[i].add(u), a.at[i].multiply(u * 0.001 + 1.0), a.at[i].min(u),
            a.at[i].max(u), a.at[i].set(u))


print([float(r.sum()) for r in reds(x, big)])
print([float(r.sum()) for r in scans(x)])
print([float(r.sum()) for r in scatters(x, idx)])
