# Long reductions and big fused fills, which the CPU backend splits over its
# worker pool: the printed values (every bit, via float()) must not depend
# on the split (check.py runs this with splitting off and with 1-4 threads).
import jax
import jax.numpy as jnp
from jax import pmap

for n in (16 * 1024 * 1024 + 3, 5_000_017, 1 << 20):
    x = jnp.sin(jnp.arange(n, dtype=jnp.float32) * 1e-3) * 3.7
    print(n, float(jax.jit(jnp.sum)(x)), float(jax.jit(lambda v: jnp.max(v * 2))(x)),
          float(jax.jit(lambda v: jnp.min(v - 1))(x)), float(jax.jit(lambda v: jnp.sum(v * v))(x)),
          int(jax.jit(lambda v: jnp.sum((v > 0).astype(jnp.int32)))(x)))
    y = jax.jit(lambda v: jnp.tanh(v) * 0.5 + jnp.exp(-v * v))(x)
    print(float(y[7]), float(y[n // 2]), float(y[-1]))

m = jnp.cos(jnp.arange(3000 * 700, dtype=jnp.float32)).reshape(3000, 700)
rows = jax.jit(lambda a: jnp.sum(a * a, axis=1))(m)
cols = jax.jit(lambda a: jnp.max(a, axis=0))(m)
t = jax.jit(lambda a: (a.T * 2.0 + 1.0))(m)
print(float(jnp.sum(rows)), float(rows[1234]), float(cols[77]), float(t[5, 2999]), float(t[699, 0]))

shards = jnp.sin(jnp.arange(2 * (1 << 21), dtype=jnp.float32)).reshape(2, -1)
p = pmap(lambda v: jax.lax.psum(jnp.sum(v * 3.0), 'i'), axis_name='i')(shards)
print([float(v) for v in p])

# Arg-reductions (lanes combined by index) and column sums of wide rows
# (tiles split over the pool).
z = jnp.cos(jnp.arange(1 << 21, dtype=jnp.float32) * 0.37)
print(int(jax.jit(jnp.argmax)(z)), int(jax.jit(jnp.argmin)(z)),
      [int(v) for v in jax.jit(lambda a: jnp.argmax(a.reshape(512, -1), axis=1))(z)[::97]])
cs = jax.jit(lambda a: jnp.sum(a.reshape(1024, -1), axis=0))(z)
print(float(cs[0]), float(cs[1000]), float(cs[-1]), float(jnp.sum(cs)))
