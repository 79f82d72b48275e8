# conform: error=AssertionError line=8
# covers: linear_transpose of a product of two input-dependent values (bilinear, not linear): JAX's AssertionError at the call of the transposed function
import jax
import jax.numpy as jnp

f_t = jax.linear_transpose(lambda x, y: x * y, 1.0, 2.0)
print('transposing')
print(f_t(1.0))
