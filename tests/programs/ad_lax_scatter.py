# covers: lax.scatter / scatter_add / scatter_sub / scatter_mul / scatter_min / scatter_max with ScatterDimensionNumbers (scalar updates, row windows, 2-D windows, out-of-bounds windows dropped or clipped with mode=clip, negative and too-large indices), their gradients (operand and updates, unique_indices for mul), under jit, and the dimension numbers repr
import jax
import jax.numpy as jnp
from jax import lax
x = jnp.array([1.0, 2.0, 0.0, 4.0, 5.0])
i = jnp.array([[0], [2], [2], [4]])
y = jnp.array([3.0, 0.5, 2.0, 7.0])
dn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
for fn in [lax.scatter, lax.scatter_add, lax.scatter_sub, lax.scatter_mul, lax.scatter_min, lax.scatter_max]:
    print(fn(x, i, y, dn))
print(jax.grad(lambda a, b: jnp.sum(lax.scatter_max(a, i, b, dn) ** 2), argnums=(0, 1))(x, y))
print(jax.grad(lambda a, b: jnp.sum(lax.scatter_min(a, i, b, dn) * jnp.arange(5.0)), argnums=(0, 1))(x, y))
print(jax.grad(lambda a: jnp.sum(lax.scatter_mul(a, i, y, dn) ** 2))(x))
print(jax.grad(lambda b: jnp.sum(lax.scatter_mul(x, jnp.array([[0], [2], [3], [4]]), b, dn, unique_indices=True) ** 2))(y))
# rows of a matrix: window dims
m = jnp.arange(12.0).reshape(3, 4)
dn2 = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
print(lax.scatter_add(m, jnp.array([[2], [0], [2]]), jnp.ones((3, 4)), dn2))
# a 2x2 window at (row, col)
dn3 = lax.ScatterDimensionNumbers(update_window_dims=(1, 2), inserted_window_dims=(), scatter_dims_to_operand_dims=(0, 1))
print(lax.scatter_add(m, jnp.array([[0, 1], [1, 2], [2, 3]]), jnp.ones((3, 2, 2)) * 10, dn3))
print(lax.scatter_add(m, jnp.array([[0, 1], [1, 2], [2, 3]]), jnp.ones((3, 2, 2)) * 10, dn3, mode='clip'))
print(lax.scatter(m, jnp.array([[1, 0]]), jnp.full((1, 2, 2), -1.0), dn3))
dn4 = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0, 1), scatter_dims_to_operand_dims=(0, 1))
print(lax.scatter_max(m, jnp.array([[0, 1], [2, 3], [5, 0], [-1, 0]]), jnp.array([100.0, -5.0, 9.0, 9.0]), dn4))
print(jax.jit(lambda a, b: lax.scatter_add(a, jnp.array([[1]]), b, dn2))(m, jnp.ones((1, 4))))
print(dn)
