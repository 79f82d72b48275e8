# covers: jax.nn.softmax with where= (masked entries excluded from the max and the sum, 0 in the output) and its gradient, beside log_softmax with where=
import jax, jax.numpy as jnp
x = jnp.array([[0.3, -1.2, 0.7], [1.5, 0.2, -0.4]])
print(jax.nn.softmax(x, where=x > -1.0))
print(jax.nn.log_softmax(x, where=x > -1.0))
print(jax.grad(lambda a: jnp.sum(jax.nn.softmax(a, where=a > -1.0) * jnp.arange(3.0)))(x))
