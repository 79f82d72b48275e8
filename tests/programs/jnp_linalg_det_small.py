# covers: jnp.linalg.det of 2 x 2 and 3 x 3 matrices written out as JAX does (exact on small integers), batched, under grad and jit; larger ones by elimination
import jax
import jax.numpy as jnp

print(jnp.linalg.det(jnp.array([[1., 2.], [3., 4.]])))
print(jnp.linalg.det(jnp.array([[2., 0., 1.], [1., 3., 2.], [1., 1., 2.]])))
print(jnp.linalg.det(jnp.arange(8.0).reshape(2, 2, 2) + jnp.eye(2)))
print(jnp.linalg.det(jnp.arange(18.0).reshape(2, 3, 3) % 5 + 3.0 * jnp.eye(3)))
print(jnp.linalg.det(jnp.array([[4., 3., 2., 1.], [1., 5., 2., 4.], [2., 1., 6., 3.], [3., 4., 1., 7.]])))
print(jax.grad(jnp.linalg.det)(jnp.array([[1., 2.], [3., 4.]])))
print(jax.grad(jnp.linalg.det)(jnp.array([[2., 0., 1.], [1., 3., 2.], [1., 1., 2.]])))
print(jax.jit(jnp.linalg.det)(jnp.array([[1., 2.], [3., 5.]])))
print(jax.vmap(jnp.linalg.det)(jnp.stack([jnp.eye(3) * 2.0, jnp.ones((3, 3)) + jnp.eye(3)])))
print(jnp.linalg.det(jnp.array([[1., 2.], [3., 4.]])) == -2.0, jnp.linalg.det(jnp.array([[2., 0., 1.], [1., 3., 2.], [1., 1., 2.]])) == 6.0)
