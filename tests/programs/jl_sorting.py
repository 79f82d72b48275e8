# jnp.sort/argsort, lax.top_k, median/quantile/percentile: JAX's order
# (NaN last, -0.0 == 0.0, stable), eagerly and under jit.
import jax, jax.numpy as jnp
from jax import lax

x = jnp.array([3., 1., jnp.nan, -0., 0., 2., 1.])
print(jnp.sort(x), jnp.argsort(x))
print(jax.jit(jnp.sort)(x), jax.jit(jnp.argsort)(x))
m = jnp.array([[3, 1, 2], [0, 5, 4]])
print(jnp.sort(m, axis=0), jnp.sort(m), jnp.sort(m, axis=None))
print(jax.jit(lambda a: jnp.sort(a, axis=0))(m))
print(jnp.argsort(m, axis=1, descending=True), jnp.argsort(m, axis=0))
print(jax.jit(lambda a: jnp.argsort(a, descending=True))(jnp.array([1, 3, 3, 2, 3])))
print(jnp.argsort(jnp.array([1, 3, 3, 2, 3]), descending=True))
print(jnp.sort(jnp.array([True, False, True])), jnp.sort(jnp.array([5, -2, 7], jnp.int32)))
print(jnp.sort(jnp.zeros((0,))), jnp.sort(jnp.array([4.])))
print(m.sort() if hasattr(m, 'sort') else jnp.sort(m))
print(lax.top_k(jnp.array([1., 3., 3., 2., 3.]), 3))
print(jax.jit(lambda a: lax.top_k(a, 2))(jnp.array([[1., 4., 2.], [5., 0., 9.]])))
vals, idx = lax.top_k(jnp.array([7, 1, 9, 3]), 1)
print(vals, idx)
print(lax.top_k(jnp.array([jnp.nan, 1., 2.]), 2))
print(jnp.median(jnp.arange(10.)), jnp.median(jnp.array([[1., 5., 2.], [4., 3., 9.]]), axis=1))
print(jnp.median(jnp.array([[1., 5., 2.], [4., 3., 9.]]), axis=0, keepdims=True))
print(jnp.median(jnp.array([3, 1, 2])), jnp.median(jnp.array([1., jnp.nan])))
print(jax.jit(jnp.median)(jnp.array([5., 1., 4., 2.])))
print(jnp.quantile(jnp.arange(11.), 0.3), jnp.quantile(jnp.arange(11.), jnp.array([0.25, 0.75])))
print(jnp.quantile(jnp.arange(12.).reshape(3, 4), 0.5, axis=1))
for method in ['linear', 'lower', 'higher', 'nearest', 'midpoint']:
    print(method, jnp.quantile(jnp.array([1., 2., 4., 8.]), 0.4, method=method))
print(jnp.percentile(jnp.arange(11.), 50), jnp.percentile(jnp.arange(5.), 25.))
r = jax.random.uniform(jax.random.PRNGKey(0), (200,))
print(jnp.median(r), jnp.sort(r)[:3], jnp.argsort(r)[-3:])
print(jax.jit(jnp.median)(r), jax.jit(lambda a: jnp.sort(a)[-2:])(r))
