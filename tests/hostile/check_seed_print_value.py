# parax check must not print a jit result it never computed (it printed 0.0).
# hostile: subcommand=check
# hostile: exit=0
# hostile: expect=check_seed_print_value.py:16:7: note: parax check stops here
# hostile: expect=program jit(step)
# hostile: reject=0.0
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2.0 + 1.0


print(float(step(jnp.ones((4,))).sum()))
print("after the stop")
