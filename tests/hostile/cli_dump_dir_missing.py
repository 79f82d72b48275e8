# --dump-dir to a missing directory creates it at start-up instead of failing at the first dump.
# hostile: exit=0
# hostile: args=--dump-dir {tmp}/new/dumps --dump ir
# hostile: expect=2.0
# hostile: reject=cannot write dump file
import jax

f = jax.jit(lambda x: x + 1)
print(f(1.0))
