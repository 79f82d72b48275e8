# jnp.linalg cholesky/det/slogdet/solve/inv/matrix_power and
# jax.scipy.integrate.trapezoid.
import jax, jax.numpy as jnp
from jax.scipy.integrate import trapezoid
A = jnp.array([[4., 2., 0.6], [2., 5., 1.], [0.6, 1., 3.]])
print(jnp.linalg.cholesky(A))
print(jnp.linalg.cholesky(jnp.stack([A, 2 * A])).shape, jnp.linalg.cholesky(A, upper=True))
print(jax.jit(jnp.linalg.cholesky)(A))
B = jnp.array([[0., 2., 1.], [1., 1., 0.], [3., 0., 1.]])
print(jnp.linalg.det(B), jnp.linalg.det(A), jnp.linalg.slogdet(A))
print(jnp.linalg.solve(B, jnp.array([1., 2., 3.])), jnp.linalg.solve(A, jnp.eye(3)))
print(jnp.linalg.inv(B), jax.jit(jnp.linalg.inv)(A))
print(jnp.linalg.matrix_power(B, 3), jnp.linalg.matrix_power(B, 0), jnp.linalg.norm(B))
print(trapezoid(jnp.arange(5.) ** 2), trapezoid(jnp.array([1., 2., 3.]), x=jnp.array([0., 1., 3.])), trapezoid(jnp.ones((2, 3)), dx=0.5))
