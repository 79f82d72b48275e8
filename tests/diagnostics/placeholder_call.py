# conform: error=NotImplementedError line=7
# expect: jax.experimental.pallas.pallas_call is not implemented in parax
import jax
import jax.numpy as jnp
from jax.experimental.pallas import pallas_call

kernel = pallas_call(lambda x_ref, o_ref: None, out_shape=None)
