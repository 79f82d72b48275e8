# conform: error=ValueError line=8
# expect: assignment destination is read-only
import numpy as np
import jax.numpy as jnp

host = np.asarray(jnp.arange(3.0))
print(host.flags.writeable)
host[0] = 1.0
