# covers: numpy.kron on vectors, matrices, mixed ranks and integer dtypes (beside jnp.kron)
import numpy as np
import jax.numpy as jnp

print(np.kron(np.eye(2), np.ones((1, 2))))
print(np.kron([1, 2], [10, 100, 1000]))
print(np.kron(np.arange(4).reshape(2, 2), np.array([[1, -1], [2, 0]])))
print(np.kron(np.arange(3.0), np.ones((2, 2))).shape, np.kron(np.ones((2, 1, 2)), np.arange(3)).shape)
print(np.kron(np.array([[1, 2], [3, 4]]), np.eye(2, dtype=np.int32)).dtype)
print(jnp.kron(jnp.eye(2), jnp.arange(3.0)))
