# covers: derivatives at kinks and special points as JAX defines them: abs'(0) = 1, relu'(0) = 0, relu6 at 0 and 6, maximum/clip ties shared, hard_tanh at the edges, xlogy/xlog1py at x = 0 (log y, x / y), sinc's derivatives at 0 (Maclaurin), entr, under vmap/jit/hessian
import jax, jax.numpy as jnp, jax.nn as nn
import jax.scipy.special as sp
for f in [nn.relu6, nn.hard_tanh, nn.relu, lambda a: jnp.abs(a), lambda a: jnp.maximum(a, 0.0), lambda a: jnp.clip(a, 0.0, 6.0)]:
    print([float(jax.grad(f)(v)) for v in [0.0, 6.0, -1.0, 1.0]])
print(jax.grad(sp.xlogy, argnums=(0, 1))(0.0, 0.0), jax.grad(sp.xlog1py, argnums=(0, 1))(0.0, 1.0), jax.grad(sp.xlog1py, argnums=(0, 1))(0.0, -1.0))
print(jax.grad(jax.grad(jnp.sinc))(0.0), jax.grad(jnp.sinc)(0.0), jax.grad(jax.grad(jax.grad(jnp.sinc)))(0.0))
x = jnp.array([0.0, 0.5, 2.0]); y = jnp.array([2.0, 0.0, 3.0])
print(sp.xlogy(x, y), jax.vmap(sp.xlogy)(x, y), jax.jit(sp.xlogy)(x, y), sp.xlogy(0, 0), sp.xlogy(2, 3))
print(jax.vmap(jax.grad(sp.xlogy, argnums=(0, 1)))(x, y + 1.0))
print(jax.hessian(lambda a: jnp.sum(sp.xlogy(a, a + 1.0)))(x))
print(sp.xlog1py(x, y), sp.entr(jnp.array([0.0, 0.5, -1.0])), jax.grad(lambda a: jnp.sum(sp.entr(a)))(jnp.array([0.5, 2.0])))
print(nn.relu(jnp.array([-1.0, 0.0, 2.0, jnp.nan])), nn.relu(jnp.array([-2, 3])), nn.relu(-0.5), nn.relu6(jnp.array([-1.0, 0.0, 3.0, 6.0, 7.0])))
print(jax.vmap(jax.grad(nn.relu))(jnp.array([-1.0, 0.0, 2.0])), jax.grad(lambda a: jnp.sum(jnp.abs(a)))(jnp.array([-1.0, 0.0, -0.0, 2.0])))
print(jnp.sinc(jnp.array([0.0, 0.5, 1.0, -2.5])), jax.vmap(jax.hessian(jnp.sinc))(jnp.array([0.0, 0.5, 1.0])))
