# conform: error=ValueError line=5
# sampling without replacement cannot draw more items than the population holds.
import jax

print(jax.random.choice(jax.random.PRNGKey(0), 5, (6,), replace=False))
