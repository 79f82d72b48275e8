# conform: error=NotImplementedError line=6
# expect: jax.experimental.checkify.checkify is not implemented in parax
import jax
from jax.experimental import checkify

f = checkify.checkify(lambda x: x)
