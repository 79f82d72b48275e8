# conform: error=NotImplementedError line=9
# covers: linear_transpose of a non-linear function: JAX's NotImplementedError for the op without a transpose rule, at the call of the transposed function
import jax
import jax.numpy as jnp

f_t = jax.linear_transpose(lambda x: 2.0 * x, jnp.ones(3))
print(f_t(jnp.ones(3)))
g_t = jax.linear_transpose(lambda x: jnp.sin(x) + x, jnp.ones(3))
print(g_t(jnp.ones(3)))
