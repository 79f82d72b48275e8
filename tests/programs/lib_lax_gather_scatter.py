# covers: lax.gather and lax.scatter/scatter_add/scatter_max/scatter_mul with GatherDimensionNumbers/ScatterDimensionNumbers, fill and drop modes, under jit and grad; lax.conv_transpose and conv_general_dilated_patches, conv_dimension_numbers (ConvDimensionNumbers), approx_max_k/approx_min_k
import jax, jax.numpy as jnp
from jax import lax
x = jnp.arange(12.).reshape(3, 4)
dn = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))
print(lax.gather(x, jnp.array([[2], [0]]), dn, (1, 4)))
dn2 = lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(), start_index_map=(0, 1))
print(lax.gather(x, jnp.array([[0, 1], [1, 2], [2, 3]]), dn2, (2, 2)))
print(lax.gather(x, jnp.array([[1, 3]]), dn2, (2, 2), mode='fill'))
dn3 = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0, 1), start_index_map=(0, 1))
print(lax.gather(x, jnp.array([[0, 1], [2, 3]]), dn3, (1, 1)))
sdn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
z = jnp.zeros(5)
print(lax.scatter_add(z, jnp.array([[1], [3], [1]]), jnp.array([1., 2., 3.]), sdn))
print(lax.scatter(z, jnp.array([[1], [3]]), jnp.array([7., 8.]), sdn))
print(lax.scatter_max(z, jnp.array([[1], [1]]), jnp.array([-1., 4.]), sdn), lax.scatter_mul(jnp.ones(5), jnp.array([[2]]), jnp.array([5.]), sdn))
print(lax.scatter_add(z, jnp.array([[9]]), jnp.array([1.]), sdn))
sdn2 = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
print(lax.scatter_add(jnp.zeros((3, 4)), jnp.array([[0], [2]]), jnp.ones((2, 4)), sdn2))
print(jax.jit(lambda a: lax.gather(a, jnp.array([[2], [0]]), dn, (1, 4)))(x))
print(jax.grad(lambda a: lax.gather(a, jnp.array([[2], [0]]), dn, (1, 4)).sum())(x))
x = jnp.arange(2 * 5 * 5 * 3, dtype=jnp.float32).reshape(2, 5, 5, 3) / 50
w = jnp.arange(3 * 3 * 3 * 4, dtype=jnp.float32).reshape(3, 3, 3, 4) / 100
y = lax.conv_transpose(x, w, (2, 2), 'SAME')
print(y.shape, y[0, :3, :3, 0])
y = lax.conv_transpose(x, w, (1, 1), 'VALID')
print(y.shape, y[1, 2, :3])
x2 = jnp.arange(1 * 2 * 4 * 4, dtype=jnp.float32).reshape(1, 2, 4, 4)
p = lax.conv_general_dilated_patches(x2, (2, 2), (1, 1), 'VALID')
print(p.shape, p[0, :, 0, 0])
w1 = jnp.ones((3, 2, 1)) / 3
print(lax.conv_transpose(jnp.arange(10.).reshape(1, 5, 2), w1.transpose(0, 1, 2), (2,), 'SAME')[0, :, 0])
wt = jnp.arange(3 * 3 * 4 * 3, dtype=jnp.float32).reshape(3, 3, 4, 3) / 100
yt = lax.conv_transpose(x, wt, (2, 2), 'VALID', transpose_kernel=True)
print(yt.shape, yt[0, 1, :3])
print(lax.conv_dimension_numbers((1, 3, 5, 5), (4, 3, 3, 3), None))
x = jnp.array([[3., 1., 4., 1., 5.], [9., 2., 6., 5., 3.]])
print(lax.approx_max_k(x, 2), lax.approx_min_k(x, 2), lax.approx_max_k(x, 1, reduction_dimension=0))
