# Runtime GEMMs whose operands are read in place (x.T @ y, x @ y.T) and one
# whose lhs free dims are split around the contracting one (copied first).
import jax
import jax.numpy as jnp

x = jnp.ones((512, 1024)) * 0.5
y = jnp.ones((512, 768)) * 0.25
print(jax.jit(lambda a, b: a.T @ b)(x, y).sum())
print(jax.jit(lambda a, b: a @ b.T)(y.T, x.T).sum())
z = jnp.ones((64, 512, 16)) * 0.5
print(jax.jit(lambda a, b: jnp.einsum("ikl,kj->ilj", a, b))(z, y).sum())
# bfloat16: float32 operands and result beside the bfloat16 result.
zb, yb = z.astype(jnp.bfloat16), y.astype(jnp.bfloat16)
print(jax.jit(lambda a, b: jnp.einsum("ikl,kj->ilj", a, b))(zb, yb).astype(jnp.float32).sum())
print(jax.jit(lambda a, b: a.T @ b)(x.astype(jnp.bfloat16), yb).astype(jnp.float32).sum())
