# conform: devices=4
# Turning jax_enable_x64 on and off mid-program: jit and pmap retrace with the new default dtypes.
import jax
import jax.numpy as jnp

f = jax.jit(lambda: jnp.arange(3) / 3)
g = jax.jit(lambda x: x + 1.5)
p = jax.pmap(lambda x: x * 0.1 + jnp.arange(2))
print(f(), g(jnp.ones(2)), g(2), p(jnp.ones((4, 2), dtype=jnp.float32)))
jax.config.update("jax_enable_x64", True)
print(f(), f().dtype, g(jnp.ones(2)), g(2), g(2).dtype)
print(p(jnp.ones((4, 2))), p(jnp.ones((4, 2), dtype=jnp.float32)).dtype)
jax.config.update("jax_enable_x64", False)
print(f(), f().dtype, g(2), g(2).dtype, p(jnp.ones((4, 2))).dtype)
