# covers: lax.gather with GatherDimensionNumbers: rows (collapsed dim), 2-D slices, scalar elements of a matrix, batch dims placed before and after offset dims, out-of-bounds slices filled (default, fill_value=) or clipped (mode=clip), integer operands, its gradient (a scatter-add, repeated indices accumulate) and under jit
import jax
import jax.numpy as jnp
from jax import lax

m = jnp.arange(12.0).reshape(3, 4)
rows = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))
print(lax.gather(m, jnp.array([[2], [0], [2]]), rows, (1, 4)))
win = lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(), start_index_map=(0, 1))
print(lax.gather(m, jnp.array([[0, 1], [1, 2]]), win, (2, 2)))
print(lax.gather(m, jnp.array([[0, 1], [2, 3]]), win, (2, 2)))
print(lax.gather(m, jnp.array([[0, 1], [2, 3]]), win, (2, 2), mode='clip'))
print(lax.gather(m, jnp.array([[2, 3]]), win, (2, 2), mode='fill', fill_value=-1.0))
print(lax.gather(m, jnp.array([[0, 1], [2, 3]]), win, (2, 2), mode='fill'))
elems = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0, 1), start_index_map=(0, 1))
print(lax.gather(m, jnp.array([[0, 0], [2, 3], [1, 2]]), elems, (1, 1)))
cols = lax.GatherDimensionNumbers(offset_dims=(0,), collapsed_slice_dims=(1,), start_index_map=(1,))
print(lax.gather(m, jnp.array([[3], [1]]), cols, (3, 1)))
print(lax.gather(jnp.arange(10), jnp.array([[7], [12]]), lax.GatherDimensionNumbers((), (0,), (0,)), (1,)), lax.gather(jnp.arange(10), jnp.array([[7], [12]]), lax.GatherDimensionNumbers((), (0,), (0,)), (1,), mode='fill'))
print(jax.grad(lambda a: jnp.sum(lax.gather(a, jnp.array([[2], [0], [2]]), rows, (1, 4)) ** 2))(m))
print(jax.grad(lambda a: jnp.sum(lax.gather(a, jnp.array([[0, 1], [1, 1]]), win, (2, 2)) * jnp.arange(8.0).reshape(2, 2, 2)))(m))
print(jax.jit(lambda a, i: lax.gather(a, i, elems, (1, 1)))(m, jnp.array([[1, 1], [2, 0]])))
print(rows)
