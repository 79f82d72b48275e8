# 64-bit dtype requests are truncated to 32-bit (x64 disabled); numpy 64-bit inputs canonicalised.
import jax.numpy as jnp
import numpy as np

a = jnp.zeros(3, dtype=jnp.float64)
b = jnp.arange(4, dtype=jnp.int64)
c = jnp.array([1.5, 2.5], dtype=jnp.float64)
d = jnp.asarray(np.arange(3))
e = jnp.asarray(np.ones(2))
print(a.dtype, b.dtype, c.dtype, d.dtype, e.dtype)
print(jnp.ones(2, dtype=float).dtype, jnp.ones(2, dtype=int).dtype, jnp.ones(2, dtype=bool).dtype)
print(jnp.arange(3).astype(jnp.float64).dtype, jnp.arange(3.0).astype(jnp.int64).dtype)
print(jnp.array(2 ** 31 - 1), jnp.array(1e38), jnp.array(1e39))
print(jnp.array([0.1], dtype=jnp.float64), float(jnp.array(0.1, dtype=jnp.float64)))
print(jnp.int32(2147483647) + 1, jnp.array([2147483647]) + jnp.array([1]))
