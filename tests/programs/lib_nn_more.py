# covers: jax.nn.dot_product_attention (grouped heads, 3-D inputs, scale, causal), identity, tanh, mish, sparse_sigmoid, log1mexp, logmeanexp
import jax, jax.numpy as jnp
k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
q = jax.random.normal(k1, (2, 4, 4, 8)); k = jax.random.normal(k2, (2, 5, 2, 8)); v = jax.random.normal(k3, (2, 5, 2, 8))
print(jax.nn.dot_product_attention(q, k, v)[0, 0])
print(jax.nn.dot_product_attention(q[0], k[0], v[0], is_causal=False, scale=0.5)[1])
kk = jax.random.normal(k2, (2, 4, 2, 8)); vv = jax.random.normal(k3, (2, 4, 2, 8))
print(jax.nn.dot_product_attention(q, kk, vv, is_causal=True)[1, 2])
x = jnp.array([-2., 0.5, 3.])
print(jax.nn.identity(x), jax.nn.tanh(x), jax.nn.mish(x), jax.nn.sparse_sigmoid(x))
print(jax.nn.log1mexp(jnp.array([0.1, 1.0, 5.0])), jax.nn.logmeanexp(x), jax.nn.logmeanexp(jnp.stack([x, 2 * x]), axis=1))
