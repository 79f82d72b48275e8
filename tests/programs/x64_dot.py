# Matrix products in float64 / int64 with x64 (dot, matmul, einsum, batched), eager and jitted.
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

a = jnp.arange(12.0).reshape(3, 4) / 7
b = jnp.arange(20.0).reshape(4, 5) / 3 - 1
print(a @ b, (a @ b).dtype)
print(jnp.dot(a[0], b[:, 0]), jnp.vdot(a[0], a[1]), jnp.outer(a[0], a[1]))
c = jnp.arange(24.0).reshape(2, 3, 4) * 0.25
d = jnp.arange(40.0).reshape(2, 4, 5) * 0.5
print(jnp.matmul(c, d))
print(jnp.einsum("bij,bjk->bik", c, d)[1], jnp.einsum("ij,ij->", a, a))
big = jnp.arange(64 * 64, dtype=jnp.float64).reshape(64, 64) / 4096
print(jnp.sum(big @ big), (big @ big)[5, 7], jnp.trace(big @ big.T))
m = jnp.arange(6).reshape(2, 3) * 2**30
n = jnp.arange(6).reshape(3, 2) + 1
print(m @ n, (m @ n).dtype)
print(jax.jit(lambda x, y: x @ y)(a, b))
print(jax.jit(lambda x, y: jnp.tanh(x @ y).sum())(big, big))
print(jax.jit(lambda x, y: x @ y)(m, n))
print(jnp.array([[1, 2]], dtype=jnp.float32) @ jnp.array([[3.0], [4.0]]))
