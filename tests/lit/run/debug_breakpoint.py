# RUN: printf 'p y\ny.sum()\nc\np w + 1\nq\n' | %parax %s 2>&1 | FileCheck %s
# RUN: printf 'p y\ny.sum()\nc\np w + 1\nq\n' | %parax --backend cpu %s 2>&1 | FileCheck %s
# jax.debug.breakpoint(): in jit code it stops when the program runs, with
# the function's arrays bound by name; in Python code it stops at once with
# the caller's scope; `q` ignores the breakpoints that follow.
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    y = jnp.sin(x) * 2.0
    jax.debug.breakpoint()
    return y + 1.0

print(f(jnp.arange(3.0)))

def g(v):
    w = v * 10
    jax.debug.breakpoint()
    return w

print(g(4))
print(g(5))

# CHECK:      Entering jdb: {{.*}}debug_breakpoint.py:12:5
# CHECK:      ->   12      jax.debug.breakpoint()
# CHECK:      (jdb) Array([0.       , 1.6829419, 1.8185948], dtype=float32)
# CHECK-NEXT: (jdb) Array(3.5015368, dtype=float32)
# CHECK-NEXT: (jdb) [1.       2.682942 2.818595]
# CHECK-NEXT: Entering jdb: {{.*}}debug_breakpoint.py:19:5
# CHECK:      (jdb) 41
# CHECK-NEXT: (jdb) 40
# CHECK-NEXT: 50
