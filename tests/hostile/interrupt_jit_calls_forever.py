# An endless Python loop of short compiled calls: stopped inside one (its loop, line 9) or
# between them (line 12).
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=9|12
# hostile: timeout=30
import jax
from jax import lax

step = jax.jit(lambda x: lax.fori_loop(0, 1000, lambda i, c: c * 0.999 + 1.0, x))
x = 0.0
while True:
    x = step(x)
