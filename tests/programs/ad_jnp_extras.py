# covers: jnp.copysign (signed zeros), jnp.hypot (large, tiny and zero inputs), jnp.cumulative_sum (include_initial), jnp.trapezoid (dx and x), jnp.matrix_transpose, jnp.linalg.vector_norm / matrix_norm, and the gradients of each; jnp.logaddexp/logaddexp2 second derivatives at ties and infinite inputs
import jax
import jax.numpy as jnp

x = jnp.array([[0.3, -1.2, 0.7], [1.5, 0.2, -0.4]])
print(jnp.copysign(x, jnp.array([-1.0, 0.0, -0.0])), jnp.copysign(3, -2))
print(jnp.hypot(jnp.array([3.0, 1e30, 1e-30, 0.0]), jnp.array([4.0, 1e30, 1e-30, 0.0])))
print(jnp.cumulative_sum(x, axis=1), jnp.cumulative_sum(jnp.arange(4), include_initial=True))
print(jnp.trapezoid(x), jnp.trapezoid(x, dx=0.5, axis=0), jnp.trapezoid(x[0], x=jnp.array([0.0, 1.0, 3.0])))
print(jnp.matrix_transpose(jnp.arange(6).reshape(1, 2, 3)).shape)
print(jnp.linalg.vector_norm(x), jnp.linalg.vector_norm(x, axis=1), jnp.linalg.vector_norm(x, ord=1, axis=0, keepdims=True))
print(jnp.linalg.matrix_norm(x), jnp.linalg.matrix_norm(jnp.stack([x, 2 * x]), ord=1))
f = lambda a: (jnp.sum(jnp.copysign(a, -a[::-1]) * jnp.arange(6.0).reshape(2, 3)) + jnp.sum(jnp.hypot(a, 0.5))
               + jnp.sum(jnp.cumulative_sum(a, axis=0) ** 2) + jnp.trapezoid(a ** 2).sum()
               + jnp.sum(jnp.matrix_transpose(a) * jnp.arange(6.0).reshape(3, 2))
               + jnp.linalg.vector_norm(a) + jnp.linalg.matrix_norm(a))
print(jax.grad(f)(x))
print(jax.grad(lambda a, b: jnp.sum(jnp.hypot(a, b)), argnums=(0, 1))(jnp.array([3.0, 0.5]), jnp.array([4.0, 0.0])))
# logaddexp's second derivative at ties (x1 == x2) and its infinities
q = jnp.array([0.3, 0.6, 0.7, 1.5, 0.2, 0.4])
print(jax.vmap(jax.grad(jax.grad(lambda a, b: jnp.logaddexp(a, b))))(x.reshape(-1), q))
print(jax.vmap(jax.hessian(lambda a, b: jnp.logaddexp2(a, b)))(x.reshape(-1), q))
print(jnp.logaddexp(jnp.array([1.0, jnp.inf, -jnp.inf, jnp.nan, 3.0, -jnp.inf]), jnp.array([1.0, 2.0, -jnp.inf, 1.0, -2.0, 5.0])))
