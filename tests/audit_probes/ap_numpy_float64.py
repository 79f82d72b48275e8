# numpy (not jax.numpy) keeps float64/int64: `import numpy as np` values keep numpy's dtypes.
import numpy as np
import jax.numpy as jnp

a = np.array([1.0, 2.0])
print(a.dtype, np.arange(3).dtype, np.zeros(2).dtype)
print(np.float64(1) / 3)
print(jnp.asarray(a).dtype)
