# conform: error=TypeError line=7
# expect: grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32
# expect: allow_int
import jax
import jax.numpy as jnp

print(jax.grad(lambda x: x * 2.0)(3))
