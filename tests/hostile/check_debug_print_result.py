# jax.debug.print, an f-string spec and a NumPy conversion of a jit result at top
# level all need its data: parax check stops at the first (it crashed on the print).
# hostile: subcommand=check
# hostile: exit=0
# hostile: expect=check_debug_print_result.py:14:1: note: parax check stops here
# hostile: reject=[[0.
import jax
import jax.numpy as jnp
import numpy as np

w = jax.jit(lambda: jnp.ones((2, 2)))()
print(type(w))
print(w.shape)
jax.debug.print("w = {}", w)
print(f"{w[0, 0]:.3f}", np.asarray(w))
