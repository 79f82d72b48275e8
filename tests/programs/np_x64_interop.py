# covers: numpy arrays meeting JAX with jax_enable_x64 on: float64/int64 numpy arrays keep their width in jnp, jit and mixed arithmetic
import jax
jax.config.update("jax_enable_x64", True)
import numpy as np
import jax.numpy as jnp

print(jnp.asarray(np.arange(3.0)).dtype, jnp.asarray(np.arange(3)).dtype, jnp.asarray(np.ones(2, np.float32)).dtype, jnp.asarray(np.uint64(3)).dtype)
print(jnp.asarray(np.linspace(0, 1, 3)) * 2, (np.arange(3.0) + jnp.arange(3.0)).dtype, jnp.sum(np.array([0.1] * 10)))
print(np.asarray(jnp.arange(3.0)).dtype, jax.jit(lambda x: x * 2)(np.arange(3.0)).dtype, jax.jit(lambda x: x + 1)(np.arange(2)).dtype)
print(float(jnp.asarray(np.float64(1) / 3)), np.asarray(jnp.asarray(np.array([1 / 3]))))
