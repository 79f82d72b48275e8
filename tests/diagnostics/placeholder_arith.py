# conform: error=NotImplementedError line=6
# expect: jax.scipy.special.bessel_jn is not implemented in parax
import jax.numpy as jnp
from jax.scipy.special import bessel_jn

y = bessel_jn * 2
