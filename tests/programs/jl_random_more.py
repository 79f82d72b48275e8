# jax.random categorical/laplace/logistic/cauchy/rademacher with JAX's draws,
# from typed and raw keys, eagerly and under jit.
import jax, jax.numpy as jnp
from jax import random
k = random.key(3)
logits = jnp.log(jnp.array([[0.1, 0.6, 0.3], [0.5, 0.25, 0.25]]))
print(random.categorical(k, logits), random.categorical(random.PRNGKey(1), logits, shape=(4, 2)))
print(random.categorical(k, logits, axis=0), random.categorical(k, jnp.zeros(5), shape=(6,)))
print(random.laplace(k, (4,)), random.logistic(k, (4,)), random.cauchy(k, (3,)))
print(random.rademacher(k, (6,)), random.rademacher(k, (3,), jnp.float32))
print(jax.jit(lambda kk: random.categorical(kk, jnp.array([1., 2., 3.]), shape=(5,)))(random.key(9)))
