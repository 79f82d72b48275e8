# `while x < 10: x = step(x)` hung under parax check (x stayed 0 forever).
# hostile: subcommand=check
# hostile: exit=0
# hostile: timeout=20
# hostile: expect=check_while_on_result.py:17:7: note: parax check stops here
# hostile: expect=jit(step)
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x + 1.0


x = step(jnp.float32(0.0))
while x < 10:
    x = step(x)
print(x)
