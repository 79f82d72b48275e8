# covers: cumsum/cumprod/cummax/cummin forward and reverse over lengths around XLA's scan base (16, 256, 4096), several axes, float16/bfloat16, int32, -0.0 sums, one-element scans, fused operands (on the GPU: the device kernel that replays XLA's reduce-window scan)
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
rng = np.random.default_rng(0)
for n in [1, 5, 16, 17, 255, 256, 257, 300, 4097, 70000]:
    x = jnp.asarray(rng.standard_normal(n, dtype=np.float32))
    f = jax.jit(lambda x: jnp.cumsum(x))
    r = jax.jit(lambda x: lax.cumsum(x, reverse=True))
    print(n, f(x)[-3:], r(x)[:3], jax.jit(lambda x: lax.cumprod(x * 0.01 + 1.0, reverse=True))(x)[:2])
m = jnp.asarray(rng.standard_normal((7, 300, 5), dtype=np.float32))
print(jax.jit(lambda m: jnp.cumsum(m, axis=1))(m)[:, -1, :])
print(jax.jit(lambda m: lax.cummax(m, axis=0))(m)[-1, :3, :])
print(jax.jit(lambda m: lax.cummin(m, axis=2, reverse=True))(m)[0, :3, :])
h = m.astype(jnp.float16)
print(jax.jit(lambda m: jnp.cumsum(m, axis=1))(h)[:, -1, :])
b = m.astype(jnp.bfloat16)
print(jax.jit(lambda m: jnp.cumprod(m * 0.1 + 1, axis=1))(b)[:2, -1, :])
i = jnp.asarray(rng.integers(-9, 9, (40, 33)), jnp.int32)
print(jax.jit(lambda i: jnp.cumsum(i, axis=0))(i)[-1, :10], jax.jit(lambda i: lax.cumsum(i, axis=1, reverse=True))(i)[:3, 0])
z = -jnp.zeros(20, jnp.float32)
print(np.signbit(np.asarray(jax.jit(jnp.cumsum)(z))).sum(), np.signbit(np.asarray(jax.jit(jnp.cumsum)(z[:1]))).sum())
print(jax.jit(lambda x: jnp.cumsum(jnp.exp(x), axis=-1))(m[:, :20, 0]).sum())
