# where (broadcasting, promotion), clip (None bounds, float bounds on ints), round (half to even, decimals).
import jax.numpy as jnp

x = jnp.arange(-3, 4)
print(jnp.where(x > 0, x, 0), jnp.where(x % 2 == 0, x, -x), jnp.where(x > 0, 1, 2.5))
print(jnp.where(jnp.array([[True], [False]]), jnp.arange(3), jnp.arange(3) * 10))
print(jnp.where(x > 0, x, 0.5), jnp.where(True, 1.0, x).dtype, jnp.where(x < 0, jnp.array(1, dtype=jnp.uint8), 7).dtype)
print(jnp.clip(x, -1, 2), jnp.clip(x, None, 0), jnp.clip(x, 1), jnp.clip(x, 1.5, 2))
print(jnp.clip(jnp.array([0.5, 2.5, jnp.nan]), 1.0, 2.0), jnp.clip(x, jnp.array(-2), 5))
r = jnp.array([0.5, 1.5, 2.5, -0.5, -1.5, 1.25, 2.675, -2.5])
print(jnp.round(r), jnp.round(r, 1), jnp.round(r, 2))
print(jnp.round(jnp.array([123.456, 0.05])), jnp.round(jnp.array([1, 2, 3])), jnp.round(jnp.array([0.5, 1.5], dtype=jnp.float16)))
print(jnp.round(2.5), jnp.round(jnp.array(-3.5)), x.clip(0, 1), r.round(1))
