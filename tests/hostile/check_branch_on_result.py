# A branch on a jit result is a Python decision on a value parax check does not have:
# it stops there instead of taking a branch chosen by invented zeros.
# hostile: subcommand=check
# hostile: exit=0
# hostile: expect=check_branch_on_result.py:18:4: note: parax check stops here
# hostile: reject=small
# hostile: reject=big
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x + 1.0


z = step(jnp.zeros((3,)))
if z[0] < 10:
    print("small")
else:
    print("big")
