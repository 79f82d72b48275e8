# covers: gradients of x.at[i].multiply/min/max (operand and updates, repeated indices with unique_indices only where JAX needs it, ties shared, zeros among the factors, out-of-range updates dropped), x.at[i].set with repeated indices (only the winning write gets the cotangent), forward mode of the same, and under jit
import jax
import jax.numpy as jnp

x = jnp.array([1.0, 2.0, 0.0, 4.0, 5.0])
i = jnp.array([0, 2, 2, 4])
y = jnp.array([3.0, 0.5, 2.0, 7.0])
w = jnp.arange(1.0, 6.0)
print(jax.grad(lambda x: jnp.sum(x.at[i].multiply(y) ** 2))(x))
u = jnp.array([0, 2, 3, 4])
print(jax.grad(lambda y: jnp.sum(x.at[u].multiply(y, unique_indices=True) * w))(y))
print(jax.grad(lambda y: jnp.sum(x.at[u].multiply(y, unique_indices=True) * w))(jnp.array([0.0, 2.0, 0.0, 1.5])))
print(jax.grad(lambda a, b: jnp.sum(a.at[i].min(b) ** 2), argnums=(0, 1))(x, y))
print(jax.grad(lambda a, b: jnp.sum(a.at[i].max(b) ** 2), argnums=(0, 1))(x, y))
print(jax.grad(lambda a, b: jnp.sum(a.at[jnp.array([1, 1])].max(b) * w), argnums=(0, 1))(x, jnp.array([2.0, 2.0])))
print(jax.grad(lambda a, b: jnp.sum(a.at[jnp.array([3, 9])].min(b, mode='drop') * w), argnums=(0, 1))(x, jnp.array([-1.0, -2.0])))
m = jnp.arange(6.0).reshape(2, 3) - 2.0
print(jax.grad(lambda a: jnp.sum(a.at[:, 1].max(jnp.array([0.5, -4.0])) * jnp.cos(a)))(m))
print(jax.grad(lambda a: jnp.sum(a.at[1].multiply(jnp.array([2.0, 0.0, -1.0])) ** 2))(m))
print(jax.grad(lambda b: jnp.sum(x.at[jnp.array([1, 3])].set(b) * w))(jnp.array([9.0, 8.0])))
print(jax.grad(lambda a: jnp.sum(a.at[jnp.array([1, 3])].set(0.0) * w))(x))
print(jax.jvp(lambda a, b: a.at[i].max(b), (x, y), (jnp.ones(5), jnp.full(4, 10.0))))
print(jax.jvp(lambda a: a.at[i].multiply(y), (x,), (w,)))
print(jax.jit(jax.grad(lambda a, b: jnp.sum(a.at[i].min(b) * w), argnums=(0, 1)))(x, y))
print(jax.hessian(lambda a: jnp.sum(a.at[jnp.array([0, 1])].multiply(a[2:4], unique_indices=True) ** 2))(jnp.array([1.0, 2.0, 3.0, 0.5])))
