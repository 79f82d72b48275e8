# A program that ends well within its --timeout runs as without one (the watchdog stays quiet).
# hostile: args=--timeout 30
# hostile: exit=0
# hostile: expect=500500.0
import jax
from jax import lax

print(jax.jit(lambda n: lax.fori_loop(1, n + 1, lambda i, c: c + i, 0.0))(1000))
