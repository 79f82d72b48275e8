# jnp.unique (return_index/inverse/counts, size= under jit) and jax.scipy.signal
# convolve/convolve2d/correlate/correlate2d.
import jax, jax.numpy as jnp
from jax.scipy import signal
x = jnp.array([3, 1, 2, 3, 1, 5])
print(jnp.unique(x))
print(jnp.unique(x, return_index=True, return_inverse=True, return_counts=True))
print(jnp.unique(jnp.array([[1., jnp.nan], [jnp.nan, 1.]])))
print(jnp.unique(x, size=6, fill_value=-1), jax.jit(lambda v: jnp.unique(v, size=4))(x))
print(jnp.unique(jnp.array([2, 2, 2]), return_counts=True, size=2))
a = jnp.arange(12.).reshape(3, 4); k = jnp.array([[1., 0.], [0., -1.]])
print(signal.convolve2d(a, k), signal.convolve2d(a, k, mode='same'), signal.convolve2d(a, k, mode='valid'))
print(signal.convolve(jnp.arange(5.), jnp.array([1., 2., 1.]), mode='same'), signal.correlate(jnp.arange(4.), jnp.array([1., -1.])))
print(signal.convolve(a, jnp.ones((3, 3)), mode='same'), signal.correlate2d(a, k, mode='valid'))
