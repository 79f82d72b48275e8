# Device-resident jit calls on the strict fake driver (tests/ptx/resident_check.py):
# each call moves its arguments up and its results down, nothing else, and
# synchronises once.
# expect: elementwise syncs<=1 h2d=args d2h=results
# expect: total syncs<=1 h2d=args d2h=results
# expect: rowsums syncs<=1 h2d=args d2h=results
# expect: best syncs<=1 h2d=args d2h=results
# expect: matmul syncs<=1 h2d=args d2h=results
# expect: running syncs<=1 h2d=args d2h=results launches=5 maxgrid>=16
# expect: scatter syncs<=1 h2d=args d2h=results
# (cumsum of 4096: XLA's scan as 2 + 1 + 2 level kernels, the widest a
# thread per element; scatter: the index arithmetic, a copy, the updates.)
import jax
import jax.numpy as jnp
from jax import jit

x = jnp.arange(4096.0) / 97.0
m = jnp.arange(64.0 * 48.0).reshape(64, 48) / 1000.0


@jit
def elementwise(a, b):
    return jnp.where(a > 10.0, jnp.sin(a) * b, jnp.exp(-a) + b)


@jit
def total(a):
    return (a * 2.0 + 1.0).sum()


@jit
def rowsums(a):
    return a.sum(axis=1), a.max(axis=0)


@jit
def best(a):
    return jnp.argmax(a), jnp.argmin(a)


@jit
def matmul(a, b):
    return a @ b


@jit
def running(a):
    return jnp.cumsum(a)


@jit
def scatter(a, i):
    return a.at[i].set(-1.0)


print(elementwise(x, x * 0.5)[:6])
print(total(x))
s, mx = rowsums(m)
print(s[:5], mx[:5])
print(best(jnp.sin(x)))
print(matmul(m, m.T)[:2, :4])
print(running(x)[-3:])
print(scatter(x, jnp.array([1, 5, 7]))[:8])
# a second call: the compiled program and its constants are reused
print(total(x + 1.0))
