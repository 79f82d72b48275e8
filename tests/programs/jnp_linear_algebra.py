# dot, matmul, @, einsum (two operands, implicit output, ellipsis, traces), outer, vdot.
import jax.numpy as jnp

a = jnp.arange(6.0).reshape(2, 3)
b = jnp.arange(12.0).reshape(3, 4)
v = jnp.array([1.0, 2.0, 3.0])
print(jnp.dot(a, b), jnp.dot(v, v), jnp.dot(a, v), jnp.dot(v, b))
print(a @ b, v @ b, jnp.matmul(a, v))
bt = jnp.arange(24.0).reshape(2, 3, 4)
print(jnp.matmul(bt, jnp.ones((4, 2))).shape, (jnp.ones((5, 1, 2, 3)) @ jnp.ones((4, 3, 2))).shape)
print(jnp.einsum('ij,jk->ik', a, b), jnp.einsum('ij,ij->i', a, a), jnp.einsum('i,i', v, v))
print(jnp.einsum('ij->ji', a), jnp.einsum('ii', jnp.arange(9.0).reshape(3, 3)), jnp.einsum('ij,jk', a, b).shape)
print(jnp.einsum('bij,jk->bik', bt, jnp.ones((4, 2))).shape, jnp.einsum('...j,j->...', bt, jnp.ones(4)))
print(jnp.einsum('i,j->ij', v, jnp.array([1.0, -1.0])), jnp.einsum('ij->', a), jnp.einsum('ij->j', a))
print(jnp.outer(v, jnp.array([1.0, 10.0])), jnp.outer(jnp.arange(2), jnp.arange(3)))
print(jnp.vdot(v, v), jnp.vdot(a, a), jnp.dot(jnp.arange(3), jnp.arange(3)), jnp.dot(2.0, v))
print(jnp.arange(4) @ jnp.arange(4), (jnp.arange(6).reshape(2, 3) @ jnp.arange(3)).dtype)
