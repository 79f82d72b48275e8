# dtype objects: calling them, comparing, printing, using them as dtype= arguments.
import jax.numpy as jnp

x = jnp.float32(3)
y = jnp.int32(3.9)
z = jnp.uint8(250)
w = jnp.bool_(0)
print(x, y, z, w)
print(x.dtype, y.dtype, z.dtype, w.dtype, x.shape, x.ndim)
print(jnp.float16(2.5) * 3, jnp.bfloat16(2.5) + 1)
print(jnp.float32(jnp.arange(3)), jnp.int32(jnp.array([1.5, -2.5])))
print(x.dtype == jnp.float32, y.dtype == jnp.int32, x.dtype == jnp.int32, z.dtype == jnp.uint8)
print(jnp.zeros(2, dtype=jnp.bfloat16), jnp.ones((1, 2), jnp.uint8))
print(jnp.arange(4, dtype=jnp.float16) / 3)
print(str(x.dtype), [x.dtype], (y.dtype, w.dtype))
print(jnp.array([1, 2]).astype(x.dtype), jnp.zeros(2, dtype=y.dtype))
