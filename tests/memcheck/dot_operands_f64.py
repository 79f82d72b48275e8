# float64 runtime GEMMs (BLAS dgemm or the k-ordered loop) copy every
# operand not in (batch, free, contracting) order, and convert nothing.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

x = jnp.ones((512, 256), dtype=jnp.float64) * 0.5
y = jnp.ones((512, 384), dtype=jnp.float64) * 0.25
print(jax.jit(lambda a, b: a.T @ b)(x, y).sum())
print(jax.jit(lambda a, b: a @ b.T)(y.T, x.T).sum())
