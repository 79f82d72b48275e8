# conform: error=AttributeError line=5
# expect: Unrecognized config option: jax_enable_x46
import jax

jax.config.update("jax_enable_x46", True)
print(jax.numpy.arange(3))
