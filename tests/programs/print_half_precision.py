# float16 / bfloat16 arrays print with their own shortest repr (bfloat16 via ml_dtypes).
import jax.numpy as jnp

h = jnp.array([0.1, 0.2, 1 / 3, 1000.0, 65504.0], dtype=jnp.float16)
b = jnp.array([0.1, 0.2, 1 / 3, 1000.0, 65504.0], dtype=jnp.bfloat16)
print(h)
print(b)
print(jnp.arange(6, dtype=jnp.float16).reshape(2, 3) / 4)
print(jnp.arange(6, dtype=jnp.bfloat16).reshape(2, 3) / 4)
print(jnp.array([1.5, 2.5], dtype=jnp.bfloat16), jnp.array([1.0, 2.0], dtype=jnp.bfloat16))
print(jnp.array([1e-5, 1.0], dtype=jnp.float16), jnp.array([1e-5, 1.0], dtype=jnp.bfloat16))
print((h[:2],), (b[:2],))
