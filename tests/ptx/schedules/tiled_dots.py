# The tiled dot kernel (one block per 64x64 output tile, k staged in shared
# memory between barriers) on edge tiles, a k tail and a batch: few tiles,
# so that the sequenced schedules stay short.
import numpy as np
import jax
import jax.numpy as jnp

rng = np.random.default_rng(3)
a = jnp.asarray(rng.standard_normal((65, 20), dtype=np.float32))
b = jnp.asarray(rng.standard_normal((20, 40), dtype=np.float32))
print(jax.jit(lambda a, b: a @ b)(a, b)[::16, ::8])
x = jnp.asarray(rng.standard_normal((2, 40, 33), dtype=np.float32))
print(jax.jit(lambda x: jnp.einsum('bij,bkj->bik', x, x))(x)[:, ::13, ::9])
