# A 16 GiB jit result is planned, not allocated: its shape and dtype still work,
# and only the print of its data stops the check.
# hostile: subcommand=check
# hostile: exit=0
# hostile: memory=2048
# hostile: expect=program jit(big)
# hostile: expect=(65536, 65536) float32
# hostile: expect=float32[8] from add
# hostile: expect=check_huge_result_shape.py:23:1: note: parax check stops here
import jax
import jax.numpy as jnp


@jax.jit
def big(s):
    return jnp.ones((1 << 16, 1 << 16)) * s


x = big(2.0)
print(x.shape, x.dtype)
t = jax.jit(lambda v: v.sum(axis=0))
total = jax.jit(lambda v: v[:8] + 1)(t(x))
print(total)
